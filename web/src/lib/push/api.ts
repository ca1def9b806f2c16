import type { Language } from '@domain';
import type * as MessagingSdk from 'firebase/messaging';
import { appEnv } from '../../config/env';
import { call } from '../call';
import { firebaseApp } from '../firebase';
import { logger } from '../logger';
import {
  clearPushFlags,
  dropQueuedUnregister,
  pushFlag,
  pushFlags,
  queueUnregister,
  queuedUnregisters,
  setPushFlag,
} from './push-flag';

// Web push on this device: the FCM token of this browser, registered under the
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
  await dropBrowserToken();
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
 * Deletes this browser's FCM token and unsubscribes its push subscription. deleteToken takes no
 * registration in SDK 12: it uses the one an earlier getToken bound to the Messaging instance, and
 * without one it registers /firebase-messaging-sw.js, which this app does not have, and rejects
 * ("unable to register the default service worker";
 * https://firebase.google.com/docs/reference/js/messaging_ lists deleteToken(messaging) and
 * getToken(messaging, options) with `serviceWorkerRegistration`;
 * https://github.com/firebase/firebase-js-sdk/issues/8621 and /issues/9384 describe the failure and
 * this workaround). So getToken binds the app's own registration first (only while the permission
 * stands, so no prompt shows), and whatever the SDK manages, the subscription is unsubscribed here:
 * without it no push reaches this browser, and the next user's getToken makes a new token.
 */
async function dropBrowserToken(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  if (!(await registration.pushManager.getSubscription())) return;
  try {
    const { sdk, messaging: instance } = await messaging();
    const vapidKey = appEnv.push?.vapidKey;
    if (vapidKey && Notification.permission === 'granted') {
      await sdk.getToken(instance, { vapidKey, serviceWorkerRegistration: registration });
    }
    await sdk.deleteToken(instance);
  } catch (error) {
    logger.warn('Could not delete the FCM token; unsubscribing the push subscription', error);
  }
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) await subscription.unsubscribe();
}

/** How long a sign-out waits for the server to forget the device before it leaves that for later. */
export const UNREGISTER_WAIT_MS = 4_000;

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Has the server forget the devices queued for `uid` (push-flag.ts), one by one, while online; what
 * fails stays queued for the next sign-in. Called at each sign-in and before each sign-out.
 */
export async function sendQueuedUnregisters(uid: string, waitMs = UNREGISTER_WAIT_MS): Promise<void> {
  for (const token of await queuedUnregisters(uid)) {
    if (!navigator.onLine) return;
    try {
      await withinTime(call('unregisterPushDevice', { token }), waitMs);
      dropQueuedUnregister(token);
    } catch (error) {
      logger.warn('Could not have the server forget a push device; trying at the next sign-in', error);
      return;
    }
  }
}

/**
 * Before the sign-out of `uid`, while still signed in: the server forgets this device, so it pushes
 * nothing more of this account here. Queued first, so a page closed or a connection lost meanwhile
 * still has it sent at the next sign-in; never rejects, a sign-out must go on.
 */
export async function unregisterPushBeforeSignOut(uid: string): Promise<void> {
  const token = pushFlag(uid);
  if (!token) return;
  await queueUnregister(uid, token);
  setPushFlag(uid, null);
  await sendQueuedUnregisters(uid);
}

/**
 * At every sign-out, in every tab (lib/auth/sign-out-cleanup.ts): the accounts still marked with
 * push on here (a sign-out this tab did not start: a disabled account, a revoked token) are queued
 * for the server, and the browser's token and push subscription are dropped, so the next person on
 * a shared phone gets none of the last one's pushes and a token of their own.
 */
export async function forgetPushOnSignOut(): Promise<void> {
  for (const flag of pushFlags()) await queueUnregister(flag.uid, flag.token);
  clearPushFlags();
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await dropBrowserToken();
}
