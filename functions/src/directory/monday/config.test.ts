import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MondayConfigError, PROFILE_FIELDS, parseMondayConfig } from './config.js';

const fakeMap = readFileSync(
  new URL('../../../../scripts/fake-monday/column-map.json', import.meta.url),
  'utf8',
);

const errorOf = (input: Parameters<typeof parseMondayConfig>[0]) => {
  try {
    parseMondayConfig(input);
  } catch (error) {
    if (error instanceof MondayConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a MondayConfigError');
};

describe('monday board configuration', () => {
  it('accepts the fake board map, with defaults for the URL, the version and the item name', () => {
    const config = parseMondayConfig({ boardId: '1234567890', columnMap: fakeMap });
    expect(config.apiUrl).toBe('https://api.monday.com/v2');
    expect(config.apiVersion).toBe('2026-10');
    expect(config.columns.name).toEqual({ id: 'name', type: 'name' });
    expect(config.columns.pesel).toEqual({ id: 'text_pesel', type: 'text' });
  });

  it('the fake board maps every profile field', () => {
    const config = parseMondayConfig({ boardId: '1', columnMap: fakeMap });
    expect(PROFILE_FIELDS.filter((field) => !config.columns[field])).toEqual([]);
  });

  it.each([
    [{ boardId: '', columnMap: fakeMap }, 'MONDAY_BOARD_ID: a numeric board id is required'],
    [{ boardId: '12', columnMap: '{"email": ' }, 'MONDAY_COLUMN_MAP: not valid JSON'],
    [{ boardId: '12', columnMap: '' }, 'MONDAY_COLUMN_MAP'],
    [
      { boardId: '12', columnMap: '{"phone": {"id": "p", "type": "phone"}}' },
      'MONDAY_COLUMN_MAP.email: the e-mail column is required',
    ],
    [
      {
        boardId: '12',
        columnMap: '{"email": {"id": "e", "type": "email"}, "pesell": {"id": "x", "type": "text"}}',
      },
      'pesell',
    ],
    [
      {
        boardId: '12',
        columnMap: '{"email": {"id": "e", "type": "email"}, "pesel": {"id": "x", "type": "texte"}}',
      },
      'MONDAY_COLUMN_MAP.pesel.type',
    ],
    [
      {
        boardId: '12',
        columnMap: '{"email": {"id": "e", "type": "email"}, "ssgExpiry": {"id": "x", "type": "status"}}',
      },
      'MONDAY_COLUMN_MAP.ssgExpiry.type: a status column cannot hold ssgExpiry',
    ],
    [
      {
        boardId: '12',
        columnMap: '{"email": {"id": "e", "type": "email"}, "pesel": {"id": "e", "type": "text"}}',
      },
      'MONDAY_COLUMN_MAP.pesel.id: column e is already mapped to email',
    ],
    [{ boardId: '12', columnMap: '{"email": {"id": "", "type": "email"}}' }, 'MONDAY_COLUMN_MAP.email.id'],
    [{ boardId: '12', columnMap: fakeMap, apiUrl: 'ftp://x' }, 'MONDAY_API_URL'],
    [{ boardId: '12', columnMap: fakeMap, apiVersion: 'latest' }, 'MONDAY_API_VERSION'],
  ])('names the wrong key: %j', (input, message) => {
    expect(errorOf(input)).toContain(message);
  });
});
