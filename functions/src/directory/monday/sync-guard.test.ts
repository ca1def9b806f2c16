import { describe, expect, it } from 'vitest';
import { msToMidnightUtc } from './client.js';
import { removalIsSafe } from './sync.js';

describe('the full sync’s removal guard', () => {
  it.each([
    [1000, 0, true],
    [1000, 200, true],
    [1000, 201, false],
    [1000, 1000, false],
    [5, 2, true],
    [5, 3, false],
    [0, 0, true],
  ])('%i cached, %i to remove -> safe: %s', (cached, removed, safe) => {
    expect(removalIsSafe(cached, removed)).toBe(safe);
  });

  it('takes another share when configured', () => {
    expect(removalIsSafe(1000, 500, 0.5)).toBe(true);
    expect(removalIsSafe(1000, 501, 0.5)).toBe(false);
  });
});

describe('the daily limit’s reset', () => {
  it('is the next midnight UTC', () => {
    expect(msToMidnightUtc(Date.parse('2026-11-26T23:30:00Z'))).toBe(30 * 60 * 1000);
    expect(msToMidnightUtc(Date.parse('2026-11-26T00:00:00Z'))).toBe(24 * 60 * 60 * 1000);
  });
});
