import { MAX_ID_TOKEN_AGE_FOR_SYNC_MS } from '@domain';
import { logger } from '../logger';

/**
 * Syncs the ID token to the optional same-origin URL: POST with the token when a user has a
 * token younger than 5 minutes, DELETE when signed out. Returns what it did, for tests.
 *
 * The age is the token's own (issued-at, `iat`), not the sign-in's (`auth_time`): the token the SDK
 * refreshes every hour is posted too, and /api/session checks the same age. A token whose issue time
 * is unknown is never posted.
 */
export async function syncToken(
  url: string | undefined,
  token: { value: string; issuedAtMs: number } | null,
  options: { fetcher?: typeof fetch; now?: () => number } = {},
): Promise<'posted' | 'deleted' | 'skipped'> {
  const { fetcher = fetch, now = Date.now } = options;
  if (!url) return 'skipped';
  try {
    if (!token) {
      await fetcher(url, { method: 'DELETE', credentials: 'same-origin' });
      return 'deleted';
    }
    const ageMs = now() - token.issuedAtMs;
    if (!Number.isFinite(ageMs) || ageMs >= MAX_ID_TOKEN_AGE_FOR_SYNC_MS) return 'skipped';
    const response = await fetcher(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Authorization: `Bearer ${token.value}` },
    });
    if (!response.ok) logger.warn(`token sync answered ${response.status}`);
    return 'posted';
  } catch (error) {
    logger.error('token sync failed', error);
    return 'skipped';
  }
}
