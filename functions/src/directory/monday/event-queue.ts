// The board's webhook events as a durable queue in Firestore: the webhook only checks and stores an
// event (`mondayWebhookEvents/{triggerUuid}`, status `pending`) and answers 200 at once; a
// processor takes a lease on pending events (`leaseUntil`), reads their items from the board again
// and marks them `done`. A processor that dies half-way leaves its lease to lapse, and the next run
// (the trigger on a new event, or the sweep every minute) takes the event again: no event is lost,
// and monday's retry of an event whose first delivery was never answered finds it queued, not
// "already seen". Chosen over Cloud Tasks: no other service to set up, and the emulators run it.
//
// Events are hints only: whatever the payload says (even delete_pulse), the item is read from the
// board before anything is written or removed, and a worker is removed only when the board confirms
// the item archived, deleted or on another board (sync.ts refreshItems, boardVerdict): a forged or
// stale removal event changes nothing.
import { type DocumentReference, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { type MondaySyncDeps, refreshItems } from './sync.js';

export const WEBHOOK_EVENTS = 'mondayWebhookEvents';
/** How long a processor holds an event before another may take it. */
export const EVENT_LEASE_MS = 2 * 60 * 1000;
/** A failed attempt is tried again after this long. */
const RETRY_AFTER_MS = 60 * 1000;
/** After this many attempts an event is `failed` (the nightly full sync still repairs the item). */
export const MAX_EVENT_ATTEMPTS = 20;
/** Events are kept this long, then a TTL policy on `expireAt` deletes them. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Items read from the board in one processing run (one `items(ids:)` request). */
const BATCH = 100;

export type EventStatus = 'pending' | 'done' | 'failed';
export type BoardEvent = {
  type: string;
  itemId: string;
  boardId: string;
  itemName?: string | null;
  columnId?: string | null;
};

const nowOf = (deps: { now?: () => Date }) => (deps.now ?? (() => new Date()))();

/**
 * Stores an event for processing. `queued`: a new event (or monday's retry of one not done yet);
 * `duplicate`: already processed.
 */
export async function enqueueEvent(
  db: Firestore,
  triggerUuid: string,
  event: BoardEvent,
  now: Date,
): Promise<'queued' | 'duplicate'> {
  const ref = db.collection(WEBHOOK_EVENTS).doc(triggerUuid);
  return db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (!existing.exists) {
      tx.create(ref, {
        ...event,
        itemName: event.itemName ?? null,
        columnId: event.columnId ?? null,
        status: 'pending' satisfies EventStatus,
        attempts: 0,
        leaseUntil: Timestamp.fromMillis(0),
        receivedAt: Timestamp.fromDate(now),
        deliveries: 1,
        expireAt: Timestamp.fromMillis(now.getTime() + KEEP_MS),
      });
      return 'queued';
    }
    const status = existing.get('status') as EventStatus;
    if (status === 'done') return 'duplicate';
    // monday delivers again: a failed event gets another round of attempts.
    tx.update(ref, {
      deliveries: Number(existing.get('deliveries') ?? 1) + 1,
      ...(status === 'failed' ? { status: 'pending', attempts: 0, leaseUntil: Timestamp.fromMillis(0) } : {}),
    });
    return 'queued';
  });
}

/**
 * Takes the lease of each of these events that is pending and not held; answers the taken ones.
 * Optimistic (an update on the condition that nobody wrote the event since it was read), so two
 * processors never both take one and neither waits on the other's lock.
 */
export async function claimEvents(
  db: Firestore,
  refs: readonly DocumentReference[],
  now: Date,
): Promise<{ ref: DocumentReference; itemId: string; attempts: number }[]> {
  const snapshots = refs.length > 0 ? await db.getAll(...refs) : [];
  const claims = await Promise.all(
    snapshots.map(async (event) => {
      const leaseUntil = event.get('leaseUntil') as Timestamp | undefined;
      if (!event.exists || event.get('status') !== 'pending') return null;
      if (leaseUntil && leaseUntil.toMillis() > now.getTime()) return null;
      const attempts = Number(event.get('attempts') ?? 0) + 1;
      try {
        await event.ref.update(
          { attempts, leaseUntil: Timestamp.fromMillis(now.getTime() + EVENT_LEASE_MS) },
          { lastUpdateTime: event.updateTime! },
        );
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === 9 || code === 'failed-precondition') return null;
        throw error;
      }
      return { ref: event.ref, itemId: String(event.get('itemId')), attempts };
    }),
  );
  return claims.filter((claim) => claim !== null);
}

/** Pending events whose lease is free, oldest lease first. */
async function claimable(db: Firestore, now: Date, limit: number) {
  const result = await db
    .collection(WEBHOOK_EVENTS)
    .where('status', '==', 'pending')
    .where('leaseUntil', '<=', Timestamp.fromDate(now))
    .orderBy('leaseUntil')
    .limit(limit)
    .get();
  return result.docs.map((doc) => doc.ref);
}

export type ProcessReport = {
  processed: number;
  failed: number;
  removed: string[];
  written: string[];
  /** Items the board did not answer for: left as cached (the nightly full sync decides). */
  unconfirmed: string[];
};

type Claimed = Awaited<ReturnType<typeof claimEvents>>;

/** Reads the claimed events' items from the board once, applies the answer and marks the events done. */
async function refreshAndMarkDone(
  deps: MondaySyncDeps & { log?: (message: string, details: Record<string, unknown>) => void },
  claimed: Claimed,
  now: Date,
) {
  const refreshed = await refreshItems(deps, [...new Set(claimed.map((event) => event.itemId))]);
  const batch = deps.db.batch();
  for (const event of claimed) {
    batch.update(event.ref, {
      status: 'done' satisfies EventStatus,
      outcome: refreshed.outcomes[event.itemId] ?? 'unconfirmed',
      processedAt: Timestamp.fromDate(now),
      leaseUntil: Timestamp.fromMillis(0),
      lastError: null,
    });
  }
  await batch.commit();
  if (refreshed.unconfirmed.length > 0)
    deps.log?.('monday webhook events: the board did not answer for these items; left as cached', {
      items: refreshed.unconfirmed,
    });
  return refreshed;
}

/**
 * Processes pending events: these (`ids`, the trigger's new event) or every claimable one (the
 * sweep), at most 100 items a run, in one board read.
 */
export async function processEvents(
  deps: MondaySyncDeps & { log?: (message: string, details: Record<string, unknown>) => void },
  options: { ids?: readonly string[] } = {},
): Promise<ProcessReport> {
  const now = nowOf(deps);
  const collection = deps.db.collection(WEBHOOK_EVENTS);
  const refs = options.ids
    ? options.ids.map((id) => collection.doc(id))
    : await claimable(deps.db, now, BATCH);
  const claimed = await claimEvents(deps.db, refs, now);
  const report: ProcessReport = { processed: 0, failed: 0, removed: [], written: [], unconfirmed: [] };
  if (claimed.length === 0) return report;
  try {
    const { removed, written, unconfirmed } = await refreshAndMarkDone(deps, claimed, now);
    return { ...report, processed: claimed.length, removed, written, unconfirmed };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const batch = deps.db.batch();
    for (const event of claimed) {
      const isLast = event.attempts >= MAX_EVENT_ATTEMPTS;
      batch.update(event.ref, {
        status: (isLast ? 'failed' : 'pending') satisfies EventStatus,
        leaseUntil: Timestamp.fromMillis(now.getTime() + RETRY_AFTER_MS),
        lastError: message,
      });
    }
    await batch.commit();
    deps.log?.('monday webhook events: the board read failed; they are tried again', {
      events: claimed.length,
      message,
    });
    return { ...report, failed: claimed.length };
  }
}

/** While the webhooks are healthy the delta sync runs this often instead of every 10 minutes. */
export const HEALTHY_DELTA_EVERY_MS = 60 * 60 * 1000;

/**
 * Whether a delta sync is due at `now`: always while the webhooks are not healthy (or there are
 * none), else once `HEALTHY_DELTA_EVERY_MS` after the last one.
 */
export async function deltaSyncDue(db: Firestore, lastDeltaAt: Date | null, now: Date): Promise<boolean> {
  if (!lastDeltaAt || now.getTime() - lastDeltaAt.getTime() >= HEALTHY_DELTA_EVERY_MS) return true;
  return !(await webhooksHealthy(db, now));
}

/**
 * Whether the webhooks look healthy: an event was processed within `withinMs` and none is stuck
 * (failed, or pending for more than five minutes). The delta sync then runs less often.
 */
export async function webhooksHealthy(db: Firestore, now: Date, withinMs = 24 * 60 * 60 * 1000) {
  const events = db.collection(WEBHOOK_EVENTS);
  const [recent, stuck, failed] = await Promise.all([
    events
      .where('status', '==', 'done')
      .where('processedAt', '>=', Timestamp.fromMillis(now.getTime() - withinMs))
      .limit(1)
      .get(),
    events
      .where('status', '==', 'pending')
      .where('receivedAt', '<=', Timestamp.fromMillis(now.getTime() - 5 * 60 * 1000))
      .limit(1)
      .get(),
    events
      .where('status', '==', 'failed')
      .where('receivedAt', '>=', Timestamp.fromMillis(now.getTime() - withinMs))
      .limit(1)
      .get(),
  ]);
  return !recent.empty && stuck.empty && failed.empty;
}
