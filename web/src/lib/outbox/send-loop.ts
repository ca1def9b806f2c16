import { isOnline, subscribeConnectivity } from '../connectivity';
import { logger } from '../logger';

// When the device's outboxes (the tickets', the danger reports') are sent: as soon as a signed-in
// screen opens, when the connection is back (the app's connectivity signal, which also counts a
// site's dead Wi-Fi as offline), every OUTBOX_RETRY_MS while records wait, when a form or "Try
// again" asks, and when the service worker's Background Sync fires (public/sw-outbox.js asks the
// open pages, since the sign-in lives in the page). Only one tab of the device sends an outbox at a
// time (Web Locks).

export const OUTBOX_RETRY_MS = 30_000;
/** The Background Sync tag the service worker listens for. */
export const OUTBOX_SYNC_TAG = 'ticket-outbox';

/** What a round tells its loop: whether records still wait for a connection. */
export type RoundResult = { isWaiting: boolean };

const sendRequests = new Set<() => void>();

/** Asks every running outbox loop of this tab to send now (after queueing or "Try again"). */
export function requestOutboxSend(): void {
  sendRequests.forEach((request) => request());
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/**
 * Asks the browser to wake the service worker once the connection returns (Background Sync, where
 * the browser has it); the page's own triggers send the outboxes anyway.
 */
export function registerOutboxSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch((error: unknown) => logger.warn('Background Sync is not available', error));
}

const sendingHere = new Set<string>();

/** Runs `send` unless this tab or another one holds lock `lockName`; null when it did not run. */
export async function withSendLock<T>(lockName: string, send: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) {
    return locks.request(lockName, { ifAvailable: true }, (lock) => (lock ? send() : null));
  }
  if (sendingHere.has(lockName)) return null;
  sendingHere.add(lockName);
  try {
    return await send();
  } finally {
    sendingHere.delete(lockName);
  }
}

/** The rounds the service worker's ask runs: one per running loop of this tab. */
const serviceWorkerRounds = new Set<() => Promise<RoundResult | null>>();

type ServiceWorkerAsk = { data?: { type?: unknown }; ports?: readonly MessagePort[] };

/** Runs every loop's round at the service worker's ask; "sent" once none of them waits any more. */
function answerServiceWorker(event: MessageEvent): void {
  const { data, ports } = event as ServiceWorkerAsk;
  if (data?.type !== 'outbox-send') return;
  void Promise.all([...serviceWorkerRounds].map((round) => round())).then((results) =>
    ports?.[0]?.postMessage(results.every((result) => result?.isWaiting === false) ? 'sent' : 'waiting'),
  );
}

/**
 * Runs `round` whenever one of the triggers above fires (a round answers null when another tab was
 * sending, and is then tried again later); returns what stops it (at sign-out the shell unmounts).
 */
export function startSendLoop(round: () => Promise<RoundResult | null>): () => void {
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = async (): Promise<RoundResult | null> => {
    clearTimeout(timer);
    let result: RoundResult | null = null;
    try {
      result = await round();
    } catch (error) {
      logger.error('Could not send the outbox', error);
    }
    if (isStopped) return result;
    if (result === null || result.isWaiting) timer = setTimeout(() => void send(), OUTBOX_RETRY_MS);
    return result;
  };
  const sendNow = () => void send();

  let wasOnline = isOnline();
  const sendWhenBack = () => {
    const isOnlineNow = isOnline();
    if (isOnlineNow && !wasOnline) sendNow();
    wasOnline = isOnlineNow;
  };

  sendRequests.add(sendNow);
  if (serviceWorkerRounds.size === 0)
    navigator.serviceWorker?.addEventListener('message', answerServiceWorker);
  serviceWorkerRounds.add(send);
  const stopListening = subscribeConnectivity(sendWhenBack);
  sendNow();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    sendRequests.delete(sendNow);
    stopListening();
    serviceWorkerRounds.delete(send);
    if (serviceWorkerRounds.size === 0) {
      navigator.serviceWorker?.removeEventListener('message', answerServiceWorker);
    }
  };
}
