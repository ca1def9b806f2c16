import {
  DEFAULT_SERVICE_LEVELS,
  OPEN_STATUSES,
  type OpenTicketLike,
  type ServiceLevels,
  findDuplicateTicket,
  serviceLevelsSchema,
} from '@domain';
import { useEffect, useState } from 'react';
import { logger } from '../../lib/logger';
import { connect } from './firestore-connection';

/*
 * The reads behind the forms' follow-through lines: the company's service levels
 * (`config/serviceLevels`, the defaults while none are stored or the phone is offline and never
 * read them) and the worker's own open tickets, to warn before a duplicate is filed (from the
 * device's cache when there is no connection: the history keeps them there).
 */

/** How long the form waits for the duplicate check before it sends without it. */
export const DUPLICATE_CHECK_MS = 2500;

let levels: Promise<ServiceLevels> | null = null;

async function readServiceLevels(): Promise<ServiceLevels> {
  const { db, sdk } = await connect();
  const ref = sdk.doc(db, 'config', 'serviceLevels');
  const snapshot = await sdk.getDoc(ref).catch(() => sdk.getDocFromCache(ref));
  const parsed = serviceLevelsSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data : DEFAULT_SERVICE_LEVELS;
}

/** The service levels, read once a session; the defaults until they are read, or when they cannot be. */
export function useServiceLevels(): ServiceLevels {
  const [value, setValue] = useState<ServiceLevels>(DEFAULT_SERVICE_LEVELS);
  useEffect(() => {
    let isCurrent = true;
    levels ??= readServiceLevels().catch((error: unknown) => {
      logger.warn('Could not read the service levels', error);
      levels = null;
      return DEFAULT_SERVICE_LEVELS;
    });
    void levels.then((read) => isCurrent && setValue(read));
    return () => {
      isCurrent = false;
    };
  }, []);
  return value;
}

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
      sdk.where('status', 'in', [...OPEN_STATUSES]),
    );
    const snapshot = await sdk.getDocs(query).catch(() => sdk.getDocsFromCache(query));
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
