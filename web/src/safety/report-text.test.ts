import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { reportedText } from './report-text';

// "Reported at 10:42, sent to 3 people" in each language, with the plural form its number takes.

beforeAll(async () => {
  await changeLanguage('en');
  await changeLanguage('ru');
});
afterAll(async () => {
  await changeLanguage('pl');
});

const AT = new Date(2026, 10, 2, 10, 42);
const LATER_THAT_DAY = new Date(2026, 10, 2, 18, 0);
const NEXT_DAY = new Date(2026, 10, 3, 8, 0);
const text = (language: string, count: number, now = LATER_THAT_DAY) =>
  reportedText(i18n.getFixedT(language), language, AT, count, now);

describe('reportedText', () => {
  it.each([
    [1, 'Zgłoszono o 10:42, wysłano do 1 osoby'],
    [2, 'Zgłoszono o 10:42, wysłano do 2 osób'],
    [5, 'Zgłoszono o 10:42, wysłano do 5 osób'],
    [22, 'Zgłoszono o 10:42, wysłano do 22 osób'],
  ])('pl, %i people: %s', (count, expected) => {
    expect(text('pl', count)).toBe(expected);
  });

  it.each([
    [1, 'Отправлено в 10:42, уведомление получил 1 человек'],
    [3, 'Отправлено в 10:42, уведомление получили 3 человека'],
    [5, 'Отправлено в 10:42, уведомление получили 5 человек'],
    [21, 'Отправлено в 10:42, уведомление получил 21 человек'],
  ])('ru, %i people: %s', (count, expected) => {
    expect(text('ru', count)).toBe(expected);
  });

  it('en, 1 and 3 people', () => {
    expect(text('en', 1)).toMatch(/^Reported at 10:42\s?AM, sent to 1 person$/);
    expect(text('en', 3)).toMatch(/^Reported at 10:42\s?AM, sent to 3 people$/);
  });

  it('says so when nobody could be told', () => {
    expect(text('pl', 0)).toBe(
      'Zgłoszono o 10:42. Nikt nie dostał powiadomienia automatycznie — powiedz o tym brygadziście.',
    );
    expect(text('ru', 0)).toBe(
      'Отправлено в 10:42. Никто не получил уведомление автоматически — скажите бригадиру.',
    );
  });

  it('gives the date of a report made before today', () => {
    expect(text('pl', 3, NEXT_DAY)).toBe('Zgłoszono 2 listopada 2026 o 10:42, wysłano do 3 osób');
    expect(text('en', 3, NEXT_DAY)).toMatch(/^Reported on November 2, 2026 at 10:42\s?AM, sent to 3 people$/);
  });
});
