import { describe, expect, it } from 'vitest';
import type { BoardItem } from './columns.js';
import { boardVerdict } from './sync.js';

const ours = '1234567890';
const item = (fields: Partial<BoardItem>): BoardItem => ({
  id: '7000000001',
  name: 'Worker',
  column_values: [],
  state: 'active',
  board: { id: ours },
  ...fields,
});

describe('what the board’s answer confirms of an item an event named', () => {
  it.each([
    ['active on this board', item({}), 'active'],
    ['active, numeric board id', item({ board: { id: Number(ours) as unknown as string } }), 'active'],
    ['archived', item({ state: 'archived' }), 'gone'],
    ['deleted (in the trash)', item({ state: 'deleted' }), 'gone'],
    ['active on another board (moved)', item({ board: { id: '999' } }), 'gone'],
    ['not answered (deleted for good, or out of the token’s sight)', undefined, 'unconfirmed'],
    ['answered without its board', item({ board: null }), 'unconfirmed'],
    ['an unknown state', item({ state: 'all' }), 'unconfirmed'],
  ])('%s -> %s', (_what, answered, verdict) => {
    expect(boardVerdict(answered, ours)).toBe(verdict);
  });
});
