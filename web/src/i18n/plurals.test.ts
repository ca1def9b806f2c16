import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '.';

// i18next picks `_one` / `_few` / `_many` / `_other` by the `count` option and the language's
// CLDR rules (Intl.PluralRules). These render real keys with the numbers that tell the forms apart.

beforeAll(async () => {
  // Loads the English and Russian main files and admin bundles beside the Polish ones.
  await changeLanguage('en');
  await changeLanguage('ru');
});
afterAll(async () => {
  await changeLanguage('pl');
});

type Case = [key: string, count: number, text: string, values?: Record<string, unknown>];

const render = (language: string, [key, count, , values]: Case) =>
  i18n.getFixedT(language)(key, { ...values, count });

describe('plural forms', () => {
  it.each<Case>([
    ['admin.users.total', 1, '1 użytkownik'],
    ['admin.users.total', 2, '2 użytkowników'],
    ['admin.users.total', 5, '5 użytkowników'],
    ['admin.users.total', 22, '22 użytkowników'],
    ['admin.dialogs.permissions.changed', 0, 'Brak zmian.'],
    ['admin.dialogs.permissions.changed', 1, '1 niezapisana zmiana'],
    ['admin.dialogs.permissions.changed', 2, '2 niezapisane zmiany'],
    ['admin.dialogs.permissions.changed', 5, '5 niezapisanych zmian'],
    ['admin.dialogs.permissions.changed', 22, '22 niezapisane zmiany'],
    ['admin.dashboard.age', 1, '1 dzień'],
    ['admin.dashboard.age', 2, '2 dni'],
    ['admin.dashboard.age', 5, '5 dni'],
    ['admin.dashboard.age', 22, '22 dni'],
    ['profile.certificates.status.expiresIn', 1, 'Wygasa za 1 dzień'],
    ['profile.certificates.status.expiresIn', 22, 'Wygasa za 22 dni'],
    ['admin.debug.security.summary', 1, 'Przyznano 1 z 1 uprawnienia', { granted: 1 }],
    ['admin.debug.security.summary', 2, 'Przyznano 1 z 2 uprawnień', { granted: 1 }],
    ['admin.debug.security.summary', 5, 'Przyznano 3 z 5 uprawnień', { granted: 3 }],
    ['admin.debug.security.summary', 22, 'Przyznano 13 z 22 uprawnień', { granted: 13 }],
    ['tickets.queue.tooMany', 1, 'Widać tylko 1 najstarsze zgłoszenie. Zawęź filtry, aby zobaczyć resztę.'],
    ['tickets.queue.tooMany', 2, 'Widać tylko 2 najstarsze zgłoszenia. Zawęź filtry, aby zobaczyć resztę.'],
    ['tickets.queue.tooMany', 5, 'Widać tylko 5 najstarszych zgłoszeń. Zawęź filtry, aby zobaczyć resztę.'],
    ['tickets.queue.tooMany', 22, 'Widać tylko 22 najstarsze zgłoszenia. Zawęź filtry, aby zobaczyć resztę.'],
  ])('pl %s with %i: %s', (...testCase) => {
    expect(render('pl', testCase)).toBe(testCase[2]);
  });

  it.each<Case>([
    ['admin.users.total', 1, '1 пользователь'],
    ['admin.users.total', 2, '2 пользователя'],
    ['admin.users.total', 5, '5 пользователей'],
    ['admin.users.total', 21, '21 пользователь'],
    ['admin.users.total', 22, '22 пользователя'],
    ['admin.dialogs.permissions.changed', 0, 'Изменений нет.'],
    ['admin.dialogs.permissions.changed', 1, '1 несохранённое изменение'],
    ['admin.dialogs.permissions.changed', 2, '2 несохранённых изменения'],
    ['admin.dialogs.permissions.changed', 5, '5 несохранённых изменений'],
    ['admin.dialogs.permissions.changed', 22, '22 несохранённых изменения'],
    ['admin.dashboard.age', 1, '1 день'],
    ['admin.dashboard.age', 2, '2 дня'],
    ['admin.dashboard.age', 5, '5 дней'],
    ['admin.dashboard.age', 22, '22 дня'],
    ['profile.certificates.status.expiresIn', 1, 'Истекает через 1 день'],
    ['profile.certificates.status.expiresIn', 22, 'Истекает через 22 дня'],
    ['admin.debug.security.summary', 1, 'Предоставлено 1 из 1 разрешения', { granted: 1 }],
    ['admin.debug.security.summary', 2, 'Предоставлено 1 из 2 разрешений', { granted: 1 }],
    ['admin.debug.security.summary', 5, 'Предоставлено 3 из 5 разрешений', { granted: 3 }],
    ['admin.debug.security.summary', 21, 'Предоставлено 13 из 21 разрешения', { granted: 13 }],
    ['admin.debug.security.summary', 22, 'Предоставлено 13 из 22 разрешений', { granted: 13 }],
    [
      'tickets.queue.tooMany',
      1,
      'Показана только 1 самая старая заявка. Уточните фильтры, чтобы увидеть остальные.',
    ],
    [
      'tickets.queue.tooMany',
      2,
      'Показаны только 2 самые старые заявки. Уточните фильтры, чтобы увидеть остальные.',
    ],
    [
      'tickets.queue.tooMany',
      5,
      'Показаны только 5 самых старых заявок. Уточните фильтры, чтобы увидеть остальные.',
    ],
    [
      'tickets.queue.tooMany',
      22,
      'Показаны только 22 самые старые заявки. Уточните фильтры, чтобы увидеть остальные.',
    ],
  ])('ru %s with %i: %s', (...testCase) => {
    expect(render('ru', testCase)).toBe(testCase[2]);
  });

  it.each<Case>([
    ['admin.users.total', 1, '1 user'],
    ['admin.users.total', 2, '2 users'],
    ['admin.dialogs.permissions.changed', 1, '1 unsaved change'],
    ['admin.dialogs.permissions.changed', 5, '5 unsaved changes'],
    ['admin.debug.security.summary', 1, '1 of 1 permission granted', { granted: 1 }],
    ['admin.debug.security.summary', 24, '13 of 24 permissions granted', { granted: 13 }],
    ['tickets.queue.tooMany', 1, 'Only the oldest ticket is shown. Narrow the filters to see the rest.'],
    [
      'tickets.queue.tooMany',
      200,
      'Only the oldest 200 tickets are shown. Narrow the filters to see the rest.',
    ],
  ])('en %s with %i: %s', (...testCase) => {
    expect(render('en', testCase)).toBe(testCase[2]);
  });
});
