import { PROFILE_CACHE_TTL_MS } from '@domain';
import { appEnv } from '../../config/env';
import { appCheckToken } from '../firebase-app-check';
import { firebaseApp } from '../firebase';
import { logger } from '../logger';
import type { Profile } from './types';

// GET /api/profiles, cached 5 minutes per user in this tab's memory only: the profile holds the
// worker's PESEL and bank account, and nothing of it may stay readable on a shared phone (no
// sessionStorage: a reload asks again). Concurrent requests for one user share one fetch; a failure
// is logged and yields no profile.
const inFlight = new Map<string, Promise<Profile | null>>();

type Cached = { data: Profile; timestamp: number };

const cache = new Map<string, Cached>();

/** The sessionStorage key an earlier version cached the profile under; the sign-out still removes it. */
export const profileCacheKey = (uid: string) => `profile-${uid}`;

function readCache(uid: string, now: number): Profile | null {
  const cached = cache.get(uid);
  if (!cached || now - cached.timestamp >= PROFILE_CACHE_TTL_MS) return null;
  return cached.data;
}

function writeCache(uid: string, data: Profile, now: number): void {
  cache.set(uid, { data, timestamp: now });
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

export type ProfileFetchOptions = {
  fetcher?: typeof fetch;
  now?: () => number;
  force?: boolean;
  /** The App Check token to send (null: none); the deployed /api/profiles refuses a request without. */
  appCheck?: () => Promise<string | null>;
};

/** The configured App Check's token; the Firebase app is only touched when App Check is set up. */
const currentAppCheckToken = () => (appEnv.appCheck ? appCheckToken(firebaseApp()) : Promise.resolve(null));

export function loadProfile(
  uid: string,
  idToken: string,
  options: ProfileFetchOptions = {},
): Promise<Profile | null> {
  const { fetcher = fetch, now = Date.now, force = false, appCheck = currentAppCheckToken } = options;
  if (!force) {
    const cached = readCache(uid, now());
    if (cached) return Promise.resolve(cached);
  }
  const pending = inFlight.get(uid);
  if (pending) return pending;
  const request = (async () => {
    try {
      const appCheckHeader = await appCheck();
      const response = await fetcher('/api/profiles', {
        headers: {
          Authorization: `Bearer ${idToken}`,
          'Content-Type': 'application/json',
          ...(appCheckHeader ? { 'X-Firebase-AppCheck': appCheckHeader } : {}),
        },
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
  cache.delete(uid);
  try {
    sessionStorage.removeItem(profileCacheKey(uid));
  } catch {
    // nothing to clear
  }
}

/** Forgets every cached profile of this tab (at each sign-out). */
export function forgetCachedProfiles(): void {
  cache.clear();
}
