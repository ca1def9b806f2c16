import { describe, expect, it } from 'vitest';
import {
  changesToColumnValues,
  compactPhone,
  itemToProfile,
  phoneCountry,
  readColumn,
  writeColumn,
} from './columns.js';
import type { MondayColumnMap, MondayColumnType } from './config.js';

describe('board column -> profile field', () => {
  it.each<[MondayColumnType, string | null, string | null, string | undefined]>([
    ['text', 'Carpenter', '"Carpenter"', 'Carpenter'],
    ['text', '', null, undefined],
    ['text', '  ', '"  "', undefined],
    ['long_text', 'ul. Lipowa 12', '{"text":"ul. Lipowa 12","changed_at":"2026-01-01"}', 'ul. Lipowa 12'],
    ['numbers', '43', '"43"', '43'],
    ['email', 'Worker@Example.com', '{"email":"Worker@Example.com","text":"Worker"}', 'worker@example.com'],
    ['email', 'a@b.se', null, 'a@b.se'],
    ['phone', '+48500100201', '{"phone":"+48500100201","countryShortName":"PL"}', '+48500100201'],
    ['date', '2026-03-01', '{"date":"2026-03-01","time":null}', '2026-03-01'],
    ['date', '2026-03-01 10:00', null, '2026-03-01'],
    ['date', '', null, undefined],
    ['status', 'Brf Sjöbris', '{"index":1,"post_id":null,"changed_at":"2026-01-01"}', 'Brf Sjöbris'],
    ['dropdown', 'Carpenter, Welder', '{"ids":[1,2]}', 'Carpenter, Welder'],
    ['text', 'x', 'not json', 'x'],
  ])('%s %j (value %s) reads %j', (type, text, value, expected) => {
    expect(readColumn(type, { text, value })).toBe(expected);
  });
});

describe('profile field -> change_multiple_column_values JSON', () => {
  it.each<[MondayColumnType, string, unknown]>([
    ['name', 'Piotr Kowalczyk', 'Piotr Kowalczyk'],
    ['text', ' s ', 's'],
    ['text', '', ''],
    ['numbers', '42', '42'],
    ['long_text', 'ul. Lipowa 12', { text: 'ul. Lipowa 12' }],
    ['long_text', '', {}],
    ['email', 'A@B.se', { email: 'a@b.se', text: 'a@b.se' }],
    ['phone', '+48 500 100 201', { phone: '+48500100201', countryShortName: 'PL' }],
    ['phone', '0046 70-174 06 12', { phone: '+46701740612', countryShortName: 'SE' }],
    ['phone', '+380 67 210 45 02', { phone: '+380672104502', countryShortName: 'UA' }],
    ['phone', '', {}],
    ['date', '2026-03-01', { date: '2026-03-01' }],
    ['date', '', {}],
    ['status', 'L', { label: 'L' }],
    ['status', '', {}],
    ['dropdown', 'Carpenter', { labels: ['Carpenter'] }],
  ])('%s %j writes %j', (type, value, expected) => {
    expect(writeColumn(type, value)).toEqual(expected);
  });

  it('knows the workforce countries and falls back for an unknown prefix', () => {
    expect(phoneCountry('+47 900 00 000')).toBe('NO');
    expect(phoneCountry('+370 600 00000')).toBe('LT');
    expect(phoneCountry('500 100 201')).toBe('PL');
    expect(phoneCountry('+99 1', 'SE')).toBe('SE');
    expect(compactPhone('(+48) 500-100.201')).toBe('+48500100201');
  });
});

const columns: MondayColumnMap = {
  name: { id: 'name', type: 'name' },
  email: { id: 'email', type: 'email' },
  phone: { id: 'phone', type: 'phone' },
  ssgExpiry: { id: 'date_ssg', type: 'date' },
  jacketSize: { id: 'status_jacket', type: 'status' },
};

describe('items and edits', () => {
  it('reads an item as a profile, leaving unmapped and empty columns out', () => {
    const mapped = itemToProfile(
      {
        id: '7000000001',
        name: 'Piotr',
        column_values: [
          { id: 'email', type: 'email', text: 'P@X.se', value: '{"email":"P@X.se","text":"P@X.se"}' },
          { id: 'phone', type: 'phone', text: '', value: null },
          { id: 'date_ssg', type: 'date', text: '2026-05-01', value: '{"date":"2026-05-01"}' },
          { id: 'other', type: 'text', text: 'ignored', value: '"ignored"' },
        ],
      },
      columns,
    );
    expect(mapped).toEqual({
      ok: true,
      profile: { id: '7000000001', name: 'Piotr', email: 'p@x.se', ssgExpiry: '2026-05-01' },
    });
  });

  it('refuses an item without a valid e-mail, saying why', () => {
    const mapped = itemToProfile({ id: '5', name: 'No mail', column_values: [] }, columns);
    expect(mapped).toMatchObject({ ok: false, itemId: '5', problems: [expect.stringContaining('email')] });
  });

  it('turns an edit into column values, clearing with null or empty, and names unmapped fields', () => {
    expect(
      changesToColumnValues(
        { name: 'Piotr K', jacketSize: 'XL', ssgExpiry: null, phone: undefined, pesel: '1' },
        columns,
      ),
    ).toEqual({
      columnValues: { name: 'Piotr K', status_jacket: { label: 'XL' }, date_ssg: {} },
      unmapped: ['pesel'],
    });
  });
});

describe('the fake board seeded with the seed workers', () => {
  it('reads every seed worker back as the same valid profile', async () => {
    const { FAKE_COLUMN_MAP_JSON, itemsFromWorkers, seedWorkers } =
      await import('../../../../scripts/fake-monday/server.mjs');
    const { parseMondayConfig } = await import('./config.js');
    const config = parseMondayConfig({ boardId: '1', columnMap: FAKE_COLUMN_MAP_JSON });
    const today = new Date('2026-06-01T12:00:00');
    const items = itemsFromWorkers(seedWorkers(), undefined, today).map((item) => ({
      ...item,
      column_values: Object.entries(item.columns).map(([id, cell]) => ({ id, ...cell })),
    }));
    const mapped = items.map((item) => itemToProfile(item, config.columns));
    expect(mapped.filter((m) => !m.ok)).toEqual([]);
    const first = mapped[0];
    expect(first?.ok && first.profile).toMatchObject({
      id: 'w-1001',
      email: 'worker@example.com',
      jobTitle: 'Carpenter',
      rotationStart: '2026-05-22',
    });
  });
});
