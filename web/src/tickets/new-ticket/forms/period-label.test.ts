import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import {
  formatDayWithWeekday,
  formatPeriodRange,
  salaryPeriodLabel,
  salaryPeriodOptions,
} from './period-label';

/** Intl puts thin and no-break spaces in some languages; compare the words. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('period labels', () => {
  it('formats both halves of a month in Polish, English and Russian', () => {
    expect(formatPeriodRange('2026-11-H1', 'pl')).toBe('1–15 listopada 2026');
    expect(formatPeriodRange('2026-11-H2', 'pl')).toBe('16–30 listopada 2026');
    expect(plain(formatPeriodRange('2026-11-H2', 'en'))).toBe('November 16 – 30, 2026');
    expect(plain(formatPeriodRange('2026-11-H1', 'ru'))).toBe('1–15 ноября 2026 г.');
  });

  it('ends the second half on the last day of the month, leap years included', () => {
    expect(formatPeriodRange('2026-12-H2', 'pl')).toBe('16–31 grudnia 2026');
    expect(formatPeriodRange('2027-02-H2', 'pl')).toBe('16–28 lutego 2027');
    expect(formatPeriodRange('2028-02-H2', 'pl')).toBe('16–29 lutego 2028');
  });

  it('names the half of the month in the label', () => {
    expect(salaryPeriodLabel(i18n.t, '2026-11-H1', 'pl')).toBe('1–15 listopada 2026 (pierwsza połowa)');
    expect(salaryPeriodLabel(i18n.t, '2026-11-H2', 'pl')).toBe('16–30 listopada 2026 (druga połowa)');
    expect(salaryPeriodOptions(i18n.t, ['2026-12-H1'], 'pl')).toEqual([
      { value: '2026-12-H1', label: '1–15 grudnia 2026 (pierwsza połowa)' },
    ]);
  });

  it('formats a day with its weekday, not shifted by the time zone', () => {
    expect(formatDayWithWeekday('2026-11-24', 'pl')).toBe('wtorek, 24 listopada 2026');
    expect(formatDayWithWeekday('2026-11-26', 'en')).toBe('Thursday, November 26, 2026');
    expect(formatDayWithWeekday('2027-01-01', 'pl')).toBe('piątek, 1 stycznia 2027');
  });
});
