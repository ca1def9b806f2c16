// Whether web push is on on this device, per account: `push-on-{uid}` holds the FCM token that
// account registered here. Its own tiny module, so the sign-out cleanup (on every page, /login
// included) can look without loading push/api.ts or the Messaging SDK.

const FLAG_PREFIX = 'push-on-';

/** The token this device registered for `uid`, when push is on for them here. */
export function pushFlag(uid: string): string | null {
  try {
    return localStorage.getItem(`${FLAG_PREFIX}${uid}`);
  } catch {
    return null;
  }
}

/** Remembers the token `uid` registered here, or (null) that push is off for them. */
export function setPushFlag(uid: string, token: string | null): void {
  try {
    if (token) localStorage.setItem(`${FLAG_PREFIX}${uid}`, token);
    else localStorage.removeItem(`${FLAG_PREFIX}${uid}`);
  } catch {
    // without storage the switch shows off after a reload; the server pushes until it is turned off
  }
}

/** Whether some account turned push on on this device. */
export function hasPushFlags(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(FLAG_PREFIX));
  } catch {
    return false;
  }
}

/** Forgets push for every account of this device. */
export function clearPushFlags(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(FLAG_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // nothing was stored either
  }
}

// The devices whose account signed out before the server could be told to forget them (offline, a
// failing call, a sign-out this tab did not start): `push-unregister-queue` holds
// `[{account, token}]`, the account as the SHA-256 of its uid, so a phone left signed out shows no
// uid. They are sent at that account's next sign-in here (unregisterPushDevice forgets only the
// caller's own devices).

const QUEUE_KEY = 'push-unregister-queue';

type QueuedUnregister = { account: string; token: string };

/** The SHA-256 of `uid`, hex: what the queue names an account by. */
async function accountTag(uid: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(uid));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function readQueue(): QueuedUnregister[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is QueuedUnregister =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as QueuedUnregister).account === 'string' &&
        typeof (entry as QueuedUnregister).token === 'string',
    );
  } catch {
    return [];
  }
}

function writeQueue(entries: QueuedUnregister[]): void {
  try {
    if (entries.length === 0) localStorage.removeItem(QUEUE_KEY);
    else localStorage.setItem(QUEUE_KEY, JSON.stringify(entries));
  } catch {
    // without storage the device is forgotten when FCM answers "not registered" to a push
  }
}

/** Notes that the server should forget `token` of `uid` (kept until dropQueuedUnregister). */
export async function queueUnregister(uid: string, token: string): Promise<void> {
  const account = await accountTag(uid);
  const queue = readQueue().filter((entry) => entry.token !== token);
  writeQueue([...queue, { account, token }]);
}

/** The tokens waiting to be forgotten for `uid`. */
export async function queuedUnregisters(uid: string): Promise<string[]> {
  const queue = readQueue();
  if (queue.length === 0) return [];
  const account = await accountTag(uid);
  return queue.filter((entry) => entry.account === account).map((entry) => entry.token);
}

/** Forgets the note about `token` (the server forgot the device). */
export function dropQueuedUnregister(token: string): void {
  writeQueue(readQueue().filter((entry) => entry.token !== token));
}

/** Whether some device waits to be forgotten by the server. */
export function hasQueuedUnregisters(): boolean {
  return readQueue().length > 0;
}

/** The accounts with push on here and their tokens (to queue when a sign-out came from elsewhere). */
export function pushFlags(): { uid: string; token: string }[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith(FLAG_PREFIX))
      .map((key) => ({ uid: key.slice(FLAG_PREFIX.length), token: localStorage.getItem(key) ?? '' }))
      .filter((flag) => flag.token !== '');
  } catch {
    return [];
  }
}

/** Whether this browser holds a push subscription in the app's service worker (no SDK needed to look). */
export async function hasPushSubscription(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  if (typeof PushManager === 'undefined') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}
