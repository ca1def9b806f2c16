import { isOnline } from '../../lib/connectivity';
import { startSendLoop, withSendLock } from '../../lib/outbox/send-loop';
import type { OutboxSendReport } from './send-outbox';
import { type OutboxStore, browserOutboxStore, listOutbox } from './outbox-store';

// Sends the tickets' outbox on the device's send loop (lib/outbox/send-loop.ts says when): only
// one tab of the device at a time (Web Locks); the sending code loads only when there is something
// to send.

export { registerOutboxSync, requestOutboxSend } from '../../lib/outbox/send-loop';

const LOCK_NAME = 'ticket-outbox-send';

const EMPTY: OutboxSendReport = { sent: [], refused: [], isWaiting: false };

/** One round for account `uid` with the real callables and Storage; null when another round runs. */
export async function sendOutboxNow(uid: string, store: OutboxStore): Promise<OutboxSendReport | null> {
  const pending = await listOutbox(store, uid);
  if (!pending.some((entry) => entry.status !== 'refused')) return EMPTY;
  // Offline, the sending code could not even load: wait for the connection.
  if (!isOnline()) return { ...EMPTY, isWaiting: true };
  return withSendLock(LOCK_NAME, async () => {
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

/**
 * Sends account `uid`'s outbox whenever the send loop says so, reporting each round that did
 * something; returns what stops it (at sign-out the shell unmounts).
 */
export function startOutboxSender(uid: string, onReport: (report: OutboxSendReport) => void): () => void {
  const store = browserOutboxStore();
  if (!store) return () => undefined;
  return startSendLoop(async () => {
    const report = await sendOutboxNow(uid, store);
    // Told even when the screen changed meanwhile (the shell mounts anew after a sign-in's
    // redirect): a ticket that left the phone is news either way.
    if (report && (report.sent.length > 0 || report.refused.length > 0)) onReport(report);
    return report;
  });
}
