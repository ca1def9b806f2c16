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
