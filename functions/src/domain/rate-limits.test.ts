import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, type RateLimitHit, decideRateLimit, storedHits } from './rate-limits.js';

const MINUTE = 60_000;
const RULE = { limit: 3, windowMs: 60 * MINUTE };
const NOW = Date.parse('2026-11-21T08:30:00.000Z');
const hit = (minutesAgo: number, key: string | null = null): RateLimitHit => ({
  at: NOW - minutesAgo * MINUTE,
  key,
});

describe('decideRateLimit', () => {
  it('counts a call while the window has room, dropping hits that left it', () => {
    expect(decideRateLimit([], RULE, NOW, 'a')).toEqual({ isAllowed: true, hits: [{ at: NOW, key: 'a' }] });
    expect(decideRateLimit([hit(61), hit(60), hit(5), hit(59)], RULE, NOW)).toEqual({
      isAllowed: true,
      hits: [hit(59), hit(5), { at: NOW, key: null }],
    });
  });

  it('refuses the call over the limit with the whole minutes until the oldest hit leaves the window', () => {
    expect(decideRateLimit([hit(10), hit(50), hit(1)], RULE, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: 10,
    });
    // 30 seconds left still reads "1 minute"; never 0.
    expect(decideRateLimit([hit(59.5), hit(2), hit(1)], RULE, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: 1,
    });
    expect(decideRateLimit([hit(0), hit(0), hit(0)], RULE, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: 60,
    });
  });

  it('waits for enough hits to leave when more than the limit are stored (a lowered limit)', () => {
    expect(decideRateLimit([hit(40), hit(30), hit(20), hit(10)], RULE, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: 30,
    });
  });

  it('lets a retry of a counted request through without counting it, even at the limit', () => {
    expect(decideRateLimit([hit(3, 'a'), hit(2, 'b'), hit(1, 'c')], RULE, NOW, 'b')).toEqual({
      isAllowed: true,
      hits: null,
    });
    // Once its hit has left the window the same key counts again (the handlers skip a request
    // that already has its document before asking).
    expect(decideRateLimit([hit(61, 'a')], RULE, NOW, 'a')).toEqual({
      isAllowed: true,
      hits: [{ at: NOW, key: 'a' }],
    });
  });

  it('keeps counting hits from a clock that moved back', () => {
    expect(decideRateLimit([hit(-5), hit(-5), hit(-5)], RULE, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: 65,
    });
  });
});

describe('storedHits', () => {
  it('reads the stored hits and skips anything malformed', () => {
    expect(storedHits(undefined)).toEqual([]);
    expect(storedHits([{ at: 1, key: 'a' }, { at: 2 }, { at: 'x' }, null, { at: Number.NaN }, 3])).toEqual([
      { at: 1, key: 'a' },
      { at: 2, key: null },
    ]);
  });
});

describe('RATE_LIMITS', () => {
  it('are positive whole numbers per hour', () => {
    for (const rule of Object.values(RATE_LIMITS)) {
      expect(Number.isInteger(rule.limit) && rule.limit > 0).toBe(true);
      expect(rule.windowMs).toBe(60 * MINUTE);
    }
  });
});
