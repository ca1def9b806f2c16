// One writer per board across every function instance. monday.com warns against concurrent
// mutations on one board and does not promise to refuse them (a 423 only sometimes:
// https://developer.monday.com/api-reference/docs/error-handling), so edits take a lease on
// `mondayWriteLeases/{boardId}` first (firestore-lease.ts). A holder renews the lease while its
// write runs; one that dies lets it lapse after LEASE_MS, so the next writer never waits on a dead
// instance for long. Staff edits are rare (a few a minute at most), so this one document per board
// is far below Firestore's write rate.
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { releaseLease, tryTakeLease } from '../../firestore-lease.js';
import { BoardUnavailableError } from './errors.js';

export const WRITE_LEASES = 'mondayWriteLeases';
/** How long a lease holds without renewal. */
export const LEASE_MS = 30_000;
/** A holder renews this often while its write runs. */
const RENEW_MS = 10_000;

export type WriteLeaseOptions = {
  /** Give up waiting for another writer after this long (default 90 s). */
  maxWaitMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const leaseKey = (boardId: string) => ({ collection: WRITE_LEASES, id: boardId });

const tryTake = (db: Firestore, boardId: string, holder: string, now: Date) =>
  tryTakeLease(db, leaseKey(boardId), holder, now, LEASE_MS);

const release = (db: Firestore, boardId: string, holder: string) =>
  releaseLease(db, leaseKey(boardId), holder);

/**
 * Runs `work` holding the board's write lease: waits (with growing pauses) while another instance
 * writes, renews the lease while `work` runs and releases it after. Throws BoardUnavailableError
 * when the lease stays taken longer than `maxWaitMs`.
 */
export async function withBoardWriteLease<T>(
  db: Firestore,
  boardId: string,
  work: () => Promise<T>,
  options: WriteLeaseOptions = {},
): Promise<T> {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? realSleep;
  const maxWaitMs = options.maxWaitMs ?? 90_000;
  const holder = randomUUID();
  const started = Date.now();
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    if (await tryTake(db, boardId, holder, now())) break;
    if (Date.now() - started > maxWaitMs) {
      throw new BoardUnavailableError('another edit is being written to the board', {
        code: 'WRITE_LEASE_TAKEN',
        retryAfterMs: LEASE_MS,
      });
    }
    await sleep(pause + Math.floor(Math.random() * 100));
  }
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    renewing = tryTake(db, boardId, holder, now()).catch(() => false);
  }, RENEW_MS);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    // A renewal still on its way would write the lease again after the release.
    await renewing;
    await release(db, boardId, holder).catch(() => undefined);
  }
}
