import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncToken } from './token-sync';

const SYNC_URL = '/__session';
const NOW = Date.UTC(2025, 2, 14, 8, 0, 0);
const MINUTE = 60 * 1000;
const now = () => NOW;

const okFetch = () => vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
const tokenAged = (ageMs: number) => ({ value: 'id-token-1', issuedAtMs: NOW - ageMs });

describe('syncToken', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('posts a token younger than 5 minutes with a bearer header', async () => {
    const fetcher = okFetch();
    await expect(syncToken(SYNC_URL, tokenAged(4 * MINUTE), { fetcher, now })).resolves.toBe('posted');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(SYNC_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Authorization: 'Bearer id-token-1' },
    });
  });

  it('posts a token issued just now and one a millisecond short of 5 minutes', async () => {
    const fetcher = okFetch();
    await expect(syncToken(SYNC_URL, tokenAged(0), { fetcher, now })).resolves.toBe('posted');
    await expect(syncToken(SYNC_URL, tokenAged(5 * MINUTE - 1), { fetcher, now })).resolves.toBe('posted');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it.each([5 * MINUTE + 1, 10 * MINUTE, 60 * MINUTE])('skips a token %i ms old', async (age) => {
    const fetcher = okFetch();
    await expect(syncToken(SYNC_URL, tokenAged(age), { fetcher, now })).resolves.toBe('skipped');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'skips a token whose issue time is unknown (%s)',
    async (issuedAtMs) => {
      const fetcher = okFetch();
      await expect(syncToken(SYNC_URL, { value: 'id-token-1', issuedAtMs }, { fetcher, now })).resolves.toBe(
        'skipped',
      );
      expect(fetcher).not.toHaveBeenCalled();
    },
  );

  it('sends DELETE on sign-out', async () => {
    const fetcher = okFetch();
    await expect(syncToken(SYNC_URL, null, { fetcher, now })).resolves.toBe('deleted');
    expect(fetcher).toHaveBeenCalledWith(SYNC_URL, { method: 'DELETE', credentials: 'same-origin' });
  });

  it.each([undefined, ''])('does nothing without a configured URL (%j)', async (url) => {
    const fetcher = okFetch();
    await expect(syncToken(url, tokenAged(0), { fetcher, now })).resolves.toBe('skipped');
    await expect(syncToken(url, null, { fetcher, now })).resolves.toBe('skipped');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('logs a failed request and reports it as skipped', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetcher = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(syncToken(SYNC_URL, tokenAged(0), { fetcher, now })).resolves.toBe('skipped');
    expect(consoleError).toHaveBeenCalledWith('token sync failed', expect.any(TypeError));
  });

  it('still counts an error answer as posted', async () => {
    const fetcher = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 500 })));
    await expect(syncToken(SYNC_URL, tokenAged(0), { fetcher, now })).resolves.toBe('posted');
  });
});
