import type { Language } from '@domain';
import type * as MessagingSdk from 'firebase/messaging';
import { appEnv } from '../../config/env';
import { call } from '../call';
import { firebaseApp } from '../firebase';
import { clearPushFlags, hasPushFlags, pushFlag, setPushFlag } from './push-flag';

// Web push on this device (issue 18, item 5): the FCM token of this browser, registered under the
// signed-in user with the registerPushDevice callable, so the functions push every new notification
// to it (web/public/sw-push.js shows it). The Messaging SDK loads only when push is turned on, off or
// refreshed, never with /login. Whether it is on is remembered on the device, per account, with the
// token it registered (push-flag.ts), so turning it off needs neither the SDK's token nor a prompt.

/** Whether this installation and browser can push: FCM set up (a VAPID key) and the Push API present. */
export type PushAvailability = 'available' | 'unsupported' | 'unconfigured';

export function pushAvailability(): PushAvailability {
  const isSupported =
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator;
  if (!isSupported) return 'unsupported';
  return appEnv.push ? 'available' : 'unconfigured';
}

/** Whether push is on for `uid` on this device. */
export function isPushOn(uid: string): boolean {
  return pushFlag(uid) !== null;
}

let messagingPromise: Promise<{ sdk: typeof MessagingSdk; messaging: MessagingSdk.Messaging }> | undefined;

function messaging() {
  messagingPromise ??= import('firebase/messaging').then((sdk) => ({
    sdk,
    messaging: sdk.getMessaging(firebaseApp()),
  }));
  return messagingPromise;
}

/** This browser's FCM token, bound to the app's own service worker (which shows the pushes). */
async function currentToken(): Promise<string> {
  const vapidKey = appEnv.push?.vapidKey;
  if (!vapidKey) throw new Error('Web push is not configured (VITE_FIREBASE_VAPID_KEY)');
  const [{ sdk, messaging: instance }, serviceWorkerRegistration] = await Promise.all([
    messaging(),
    navigator.serviceWorker.ready,
  ]);
  return sdk.getToken(instance, { vapidKey, serviceWorkerRegistration });
}

/**
 * Turns push on for `uid` on this device: asks the browser's permission (the prompt shows here,
 * from the user's click), then registers the token with the texts' `language`. 'denied' when the
 * user or the browser refused; other failures reject.
 */
export async function enablePush(uid: string, language: Language): Promise<'on' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const token = await currentToken();
  await call('registerPushDevice', { token, language });
  setPushFlag(uid, token);
  return 'on';
}

/** Turns push off for `uid` here: the server forgets the token, and the browser drops it. */
export async function disablePush(uid: string): Promise<void> {
  const token = pushFlag(uid);
  if (token) await call('unregisterPushDevice', { token });
  setPushFlag(uid, null);
  const { sdk, messaging: instance } = await messaging();
  await sdk.deleteToken(instance);
}

/**
 * Registers the device again when push is on (the settings opened, the language changed): FCM
 * tokens change now and then, and the server should use the current language. Answers whether
 * push is still on: off when the browser's permission was taken back since.
 */
export async function refreshPush(uid: string, language: Language): Promise<boolean> {
  const previous = pushFlag(uid);
  if (previous === null) return false;
  if (pushAvailability() !== 'available' || Notification.permission !== 'granted') {
    setPushFlag(uid, null);
    return false;
  }
  const token = await currentToken();
  if (token !== previous) await call('unregisterPushDevice', { token: previous });
  await call('registerPushDevice', { token, language });
  setPushFlag(uid, token);
  return true;
}

/**
 * At sign-out (lib/auth/sign-out-cleanup.ts): when some account turned push on on this device, the
 * browser's token is deleted, so the next person on a shared phone gets none of their pushes. The
 * server cannot be told (the user is already signed out); its copy of the token is forgotten on the
 * next push, which FCM answers "not registered".
 */
export async function forgetPushOnSignOut(): Promise<void> {
  if (!hasPushFlags()) return;
  clearPushFlags();
  if (pushAvailability() !== 'available') return;
  const { sdk, messaging: instance } = await messaging();
  await sdk.deleteToken(instance);
}
