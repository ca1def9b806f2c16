import { PROFILE_CACHE_TTL_MS } from '@domain';
import { logger } from '../logger';
import type { Profile } from './types';

// GET /api/profiles, cached 5 minutes per user in sessionStorage `profile-{uid}`; concurrent
// requests for one user share one fetch; a failure is logged and yields no profile.
const inFlight = new Map<string, Promise<Profile | null>>();

type Cached = { data: Profile; timestamp: number };

export const profileCacheKey = (uid: string) => `profile-${uid}`;

function readCache(uid: string, now: number): Profile | null {
  try {
    const raw = sessionStorage.getItem(profileCacheKey(uid));
    if (!raw) return null;
    const cached = JSON.parse(raw) as Cached;
    if (typeof cached.timestamp !== 'number' || now - cached.timestamp >= PROFILE_CACHE_TTL_MS) return null;
    return cached.data;
  } catch {
    return null;
  }
}

function writeCache(uid: string, data: Profile, now: number): void {
  try {
    sessionStorage.setItem(profileCacheKey(uid), JSON.stringify({ data, timestamp: now } satisfies Cached));
  } catch {
    // a full or blocked storage only costs a refetch
  }
}

function toProfile(body: unknown): Profile | null {
  // The answer may be the profile itself or wrapped in `data`.
  const raw = (
    body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body
  ) as Record<string, unknown> | null | undefined;
  if (!raw || typeof raw !== 'object') return null;
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  return {
    name: typeof raw.name === 'string' ? raw.name : null,
    role: typeof raw.role === 'string' ? raw.role : undefined,
    assignedPermissions: strings(raw.assignedPermissions),
    revokedPermissions: strings(raw.revokedPermissions),
    worker: (raw.worker as Profile['worker']) ?? null,
  };
}

export type ProfileFetchOptions = { fetcher?: typeof fetch; now?: () => number; force?: boolean };

export function loadProfile(
  uid: string,
  idToken: string,
  options: ProfileFetchOptions = {},
): Promise<Profile | null> {
  const { fetcher = fetch, now = Date.now, force = false } = options;
  if (!force) {
    const cached = readCache(uid, now());
    if (cached) return Promise.resolve(cached);
  }
  const pending = inFlight.get(uid);
  if (pending) return pending;
  const request = (async () => {
    try {
      const response = await fetcher('/api/profiles', {
        headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      });
      if (!response.ok) throw new Error(`GET /api/profiles answered ${response.status}`);
      const profile = toProfile(await response.json());
      if (profile) writeCache(uid, profile, now());
      return profile;
    } catch (error) {
      logger.error('Failed to load the profile', error);
      return null;
    } finally {
      inFlight.delete(uid);
    }
  })();
  inFlight.set(uid, request);
  return request;
}

export function clearProfileCache(uid: string): void {
  try {
    sessionStorage.removeItem(profileCacheKey(uid));
  } catch {
    // nothing to clear
  }
}
