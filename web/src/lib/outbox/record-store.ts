import type { KeyValueStore } from '../idb/key-value-store';
import type { OutboxRecord } from './outbox-record';

// One outbox's records in a device store (one IndexedDB database, sealed with the account's device
// key by its owner), and the moves on them every outbox makes: list an account's records oldest
// first, save one, remove one unless a tab is sending it, mark one as being sent. Every change is
// announced to this tab and the others (BroadcastChannel), so screens and senders see it at once.

export type RecordStoreKit<R extends OutboxRecord> = {
  /** Tells this tab and the others that the outbox changed. */
  announce: () => void;
  /** Calls `listener` whenever the outbox changes in any tab; returns what stops it. */
  onChange: (listener: () => void) => () => void;
  /** The account's records, oldest first; records of other accounts or of another shape are left out. */
  list: (store: KeyValueStore, uid: string) => Promise<R[]>;
  /** Writes `record` and announces it. */
  save: (store: KeyValueStore, record: R) => Promise<void>;
  /** Removes the account's record `id` unless a tab is sending it right now; answers whether it did. */
  remove: (store: KeyValueStore, uid: string, id: string) => Promise<boolean>;
  /**
   * Marks the account's record `id` as being sent, in one transaction, unless it is gone
   * (cancelled) or refused meanwhile; answers the record as marked, or null when it is not to be sent.
   */
  markSending: (store: KeyValueStore, uid: string, id: string) => Promise<R | null>;
};

/** The moves on an outbox whose changes go out on channel `channelName`; `read` checks a record's shape. */
export function recordStoreKit<R extends OutboxRecord>(
  channelName: string,
  read: (record: unknown, uid: string) => R | null,
): RecordStoreKit<R> {
  const listeners = new Set<() => void>();
  let channel: BroadcastChannel | null | undefined;
  const broadcastChannel = (): BroadcastChannel | null => {
    if (channel === undefined) {
      channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
      channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
    }
    return channel;
  };
  const announce = () => {
    listeners.forEach((listener) => listener());
    broadcastChannel()?.postMessage('changed');
  };
  return {
    announce,
    onChange: (listener) => {
      broadcastChannel();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: async (store, uid) =>
      (await store.getAll())
        .map((record) => read(record, uid))
        .filter((record): record is R => record !== null)
        .sort((a, b) => a.queuedAt - b.queuedAt),
    save: async (store, record) => {
      await store.put(record.id, record);
      announce();
    },
    remove: async (store, uid, id) => {
      let isRemoved = false;
      // Checked and removed in one transaction: a tab cannot start sending it in between.
      await store.update(id, (current) => {
        const record = read(current, uid);
        if (!record || record.status === 'sending') return undefined;
        isRemoved = true;
        return null;
      });
      if (isRemoved) announce();
      return isRemoved;
    },
    markSending: async (store, uid, id) => {
      let marked: R | null = null;
      await store.update(id, (current) => {
        const record = read(current, uid);
        if (!record || record.status === 'refused') return undefined;
        marked = { ...record, status: 'sending' };
        return marked;
      });
      if (marked) announce();
      return marked;
    },
  };
}

/** What sending one record came to: sent (with what the server answered), refused, or no connection. */
export type RecordStep<R, S> =
  { kind: 'sent'; sent: S } | { kind: 'refused'; record: R } | { kind: 'noConnection' };

/** One round's outcome: what was sent and refused, and whether records still wait for a connection. */
export type RoundReport<R, S> = { sent: S[]; refused: R[]; isWaiting: boolean };

/**
 * One round of sending account `uid`'s records in this tab, oldest first, each through `send`
 * once marked as being sent. Refused records wait for the worker (try again, edit or remove); a
 * record left "sending" by a tab that closed mid-way is sent again (safely: same request id). A
 * connection failure stops the round, since the rest would fail too.
 */
export async function sendRound<R extends OutboxRecord, S>(
  kit: RecordStoreKit<R>,
  store: KeyValueStore,
  uid: string,
  isOnline: () => boolean,
  send: (record: R) => Promise<RecordStep<R, S>>,
): Promise<RoundReport<R, S>> {
  const report: RoundReport<R, S> = { sent: [], refused: [], isWaiting: false };
  for (const listed of await kit.list(store, uid)) {
    if (listed.status === 'refused') continue;
    if (!isOnline()) {
      report.isWaiting = true;
      break;
    }
    // Marked afresh: the worker may have removed it since the list was read.
    const record = await kit.markSending(store, uid, listed.id);
    if (!record) continue;
    const step = await send(record);
    if (step.kind === 'noConnection') {
      report.isWaiting = true;
      break;
    }
    if (step.kind === 'refused') report.refused.push(step.record);
    else report.sent.push(step.sent);
  }
  return report;
}
