import { isOnline, subscribeConnectivity } from '../../lib/connectivity';
import { logger } from '../../lib/logger';
import type { OutboxSendReport } from './send-outbox';
import { type OutboxStore, browserOutboxStore, listOutbox } from './outbox-store';

// When the outbox is sent: as soon as a signed-in screen opens, when the connection is back (the
// app's connectivity signal, which also counts a site's dead Wi-Fi as offline), every
// OUTBOX_RETRY_MS while entries wait, when the form or "Try again" asks, and when the service worker's Background
// Sync fires (sw-outbox.js asks the open pages, since the sign-in lives in the page). Only one tab
// of the device sends at a time (Web Locks); the sending code loads only when there is something
// to send.

export const OUTBOX_RETRY_MS = 30_000;
/** The Background Sync tag the service worker listens for. */
export const OUTBOX_SYNC_TAG = 'ticket-outbox';
const LOCK_NAME = 'ticket-outbox-send';

const sendRequests = new Set<() => void>();

/** Asks the running sender of this tab to send now (after queueing or "Try again"). */
export function requestOutboxSend(): void {
  sendRequests.forEach((request) => request());
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/**
 * Asks the browser to wake the service worker once the connection returns (Background Sync, where
 * the browser has it); the page's own triggers send the outbox anyway.
 */
export function registerOutboxSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch((error: unknown) => logger.warn('Background Sync is not available', error));
}

let isSendingHere = false;

/** Runs `send` unless this tab or another one is sending; null when it did not run. */
async function withSendLock<T>(send: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) {
    return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? send() : null));
  }
  if (isSendingHere) return null;
  isSendingHere = true;
  try {
    return await send();
  } finally {
    isSendingHere = false;
  }
}

const EMPTY: OutboxSendReport = { sent: [], refused: [], isWaiting: false };

/** One round for account `uid` with the real callables and Storage; null when another round runs. */
export async function sendOutboxNow(uid: string, store: OutboxStore): Promise<OutboxSendReport | null> {
  const pending = await listOutbox(store, uid);
  if (!pending.some((entry) => entry.status !== 'refused')) return EMPTY;
  // Offline, the sending code could not even load: wait for the connection.
  if (!isOnline()) return { ...EMPTY, isWaiting: true };
  return withSendLock(async () => {
    const [{ sendOutboxRound }, api, { call }] = await Promise.all([
      import('./send-outbox'),
      import('../api/submit-ticket'),
      import('../../lib/call'),
    ]);
    return sendOutboxRound(uid, {
      store,
      submit: (submission) => call('submitTicket', submission),
      upload: (owner, ticketId, file) => api.uploadTicketFile(owner, ticketId, file, () => undefined),
      attach: (ticketId, files) => call('attachTicketFiles', { ticketId, files }),
      isOnline,
    });
  });
}

type ServiceWorkerAsk = { data?: { type?: unknown }; ports?: readonly MessagePort[] };

/**
 * Sends account `uid`'s outbox whenever one of the triggers above fires, reporting each round
 * that did something; returns what stops it (at sign-out the shell unmounts).
 */
export function startOutboxSender(uid: string, onReport: (report: OutboxSendReport) => void): () => void {
  const store = browserOutboxStore();
  if (!store) return () => undefined;
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = async (): Promise<OutboxSendReport | null> => {
    clearTimeout(timer);
    let report: OutboxSendReport | null = null;
    try {
      report = await sendOutboxNow(uid, store);
    } catch (error) {
      logger.error('Could not send the outbox', error);
    }
    // Told even when the screen changed meanwhile (the shell mounts anew after a sign-in's redirect):
    // a ticket that left the phone is news either way.
    if (report && (report.sent.length > 0 || report.refused.length > 0)) onReport(report);
    if (isStopped) return report;
    const isWaiting = report === null || report.isWaiting;
    if (isWaiting) timer = setTimeout(() => void send(), OUTBOX_RETRY_MS);
    return report;
  };
  const sendNow = () => void send();
  const answerServiceWorker = (event: MessageEvent) => {
    const { data, ports } = event as ServiceWorkerAsk;
    if (data?.type !== 'outbox-send') return;
    void send().then((report) => ports?.[0]?.postMessage(report?.isWaiting === false ? 'sent' : 'waiting'));
  };

  let wasOnline = isOnline();
  const sendWhenBack = () => {
    const isOnlineNow = isOnline();
    if (isOnlineNow && !wasOnline) sendNow();
    wasOnline = isOnlineNow;
  };

  sendRequests.add(sendNow);
  const stopListening = subscribeConnectivity(sendWhenBack);
  navigator.serviceWorker?.addEventListener('message', answerServiceWorker);
  sendNow();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    sendRequests.delete(sendNow);
    stopListening();
    navigator.serviceWorker?.removeEventListener('message', answerServiceWorker);
  };
}
