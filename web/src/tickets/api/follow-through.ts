import { OPEN_STATUSES, type OpenTicketLike, findDuplicateTicket } from '@domain';
import { isOnline } from '../../lib/connectivity';
import { logger } from '../../lib/logger';
import { connect } from './firestore-connection';

/*
 * The worker's own open tickets, read before a new ticket is sent to warn of a duplicate (from the
 * device's cache when there is no connection: the history keeps them there). The service levels the
 * forms show are read by lib/service-levels.ts.
 */

/** How long the form waits for the duplicate check before it sends without it. */
export const DUPLICATE_CHECK_MS = 2500;

const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);

/** What a new ticket is compared on: its category, subcategory and (salary, presalary) period. */
export type DuplicateCandidate = { category: string; subcategory: string; period?: string | null };

/**
 * The worker's open ticket of the same kind (same category and subcategory; for salary and
 * presalary the same period too), or null: none, or no answer within DUPLICATE_CHECK_MS (the
 * server never refuses a duplicate, so a slow check must not hold the ticket back).
 */
export async function findOpenDuplicate(
  uid: string,
  candidate: DuplicateCandidate,
): Promise<OpenTicketLike | null> {
  const read = async () => {
    const { db, sdk } = await connect();
    const query = sdk.query(
      sdk.collection(db, 'tickets'),
      sdk.where('createdBy', '==', uid),
      // Only the same kind: a worker with many open tickets reads just the few that could match.
      sdk.where('category', '==', candidate.category),
      sdk.where('subcategory', '==', candidate.subcategory),
      sdk.where('status', 'in', [...OPEN_STATUSES]),
    );
    // Known to be offline (no signal, or a Wi-Fi with no way out): the phone's copy, at once.
    const snapshot = isOnline()
      ? await sdk.getDocs(query).catch(() => sdk.getDocsFromCache(query))
      : await sdk.getDocsFromCache(query);
    const open = snapshot.docs.map((doc): OpenTicketLike => {
      const data = doc.data();
      const details = (data.details ?? {}) as { period?: unknown };
      return {
        id: doc.id,
        number: typeof data.number === 'string' ? data.number : doc.id,
        category: String(data.category ?? ''),
        subcategory: String(data.subcategory ?? ''),
        status: String(data.status ?? ''),
        period: typeof details.period === 'string' ? details.period : null,
      };
    });
    return findDuplicateTicket(candidate, open);
  };
  return withTimeout(
    read().catch((error: unknown) => {
      logger.warn('Could not check for a duplicate ticket', error);
      return null;
    }),
    DUPLICATE_CHECK_MS,
    null,
  );
}
