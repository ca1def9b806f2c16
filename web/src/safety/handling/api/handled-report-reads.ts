import type { DocumentSnapshot, Query, QuerySnapshot } from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { firestore } from '../../../lib/firebase-data';
import { logger } from '../../../lib/logger';
import { SAFETY_REPORTS_COLLECTION } from '../../domain';
import { type HandledSafetyReport, toHandledSafetyReport } from '../handled-report-model';

/*
 * The handlers' reads of `safetyReports`, live (onSnapshot): one report, for the people told of it
 * and the holders of HANDLE_SAFETY_REPORTS, and the queue (holders only: the rules let a holder list
 * them all). The SDK is imported on first use (firebase-data.ts).
 */

/** The newest reports the queue reads besides every unresolved one; it sorts them itself. */
export const QUEUE_LIMIT = 200;

export type HandledReportState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  | { status: 'ready'; report: HandledSafetyReport };

export type HandledReportResult = HandledReportState & { retry: () => void; isFromCache: boolean };

const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
};

/**
 * Report `reportId` of `safetyReports`, live; undefined: nothing to read (yet). A report the rules
 * refuse reads as not found, as a missing one does.
 */
export function useHandledSafetyReport(reportId: string | undefined): HandledReportResult {
  const key = reportId && REPORT_ID_PATTERN.test(reportId) ? reportId : null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    attempt: number;
    state: HandledReportState;
    isFromCache: boolean;
  } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    let isDisposed = false;
    let unsubscribe: (() => void) | undefined;
    const set = (state: HandledReportState, isFromCache: boolean) => {
      if (!isDisposed) setResult({ key, attempt, state, isFromCache });
    };
    const fail = (error: unknown) => {
      const code = codeOf(error);
      if (code === 'permission-denied') return set({ status: 'notFound' }, false);
      logger.error(`Safety report read failed (${code})`, error);
      set({ status: 'error' }, false);
    };
    Promise.all([firestore(), import('firebase/firestore')]).then(([db, sdk]) => {
      if (isDisposed) return;
      unsubscribe = sdk.onSnapshot(
        sdk.doc(db, SAFETY_REPORTS_COLLECTION, key),
        { includeMetadataChanges: true },
        (snapshot: DocumentSnapshot) => {
          const { fromCache } = snapshot.metadata;
          const data = snapshot.data();
          if (data) set({ status: 'ready', report: toHandledSafetyReport(snapshot.id, data) }, fromCache);
          else if (!fromCache) set({ status: 'notFound' }, false);
          else set({ status: 'loading' }, true);
        },
        fail,
      );
    }, fail);
    return () => {
      isDisposed = true;
      unsubscribe?.();
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (key === null) return { status: 'notFound', retry, isFromCache: false };
  const current = result && result.key === key && result.attempt === attempt ? result : null;
  return { ...(current?.state ?? { status: 'loading' }), retry, isFromCache: current?.isFromCache ?? false };
}

export type SafetyQueueState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; reports: HandledSafetyReport[] };

export type SafetyQueueResult = SafetyQueueState & { retry: () => void; isFromCache: boolean };

/** The statuses of a report nobody has made safe yet: the queue shows every one, however old. */
export const UNRESOLVED_STATUSES = ['open', 'acknowledged'] as const;

type QueuePart = { reports: HandledSafetyReport[]; isFromCache: boolean };

/**
 * The queue's reports, live, as stored (unsorted): every report not yet made safe, however old
 * (one listener on the status), and the newest QUEUE_LIMIT of all by the time they were made (a
 * second listener), merged by id. An open hazard never drops out of the queue behind 200 newer
 * reports; closed ones beyond the newest 200 are left out.
 */
export function useSafetyQueue(): SafetyQueueResult {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    attempt: number;
    state: SafetyQueueState;
    isFromCache: boolean;
  } | null>(null);

  useEffect(() => {
    let isDisposed = false;
    const unsubscribes: (() => void)[] = [];
    const parts: { unresolved?: QueuePart; recent?: QueuePart } = {};
    const fail = (error: unknown) => {
      if (isDisposed) return;
      logger.error(`Safety queue read failed (${codeOf(error)})`, error);
      setResult({ attempt, state: { status: 'error' }, isFromCache: false });
    };
    const show = () => {
      const { unresolved, recent } = parts;
      if (!unresolved || !recent) return;
      const byId = new Map([...unresolved.reports, ...recent.reports].map((report) => [report.id, report]));
      setResult({
        attempt,
        state: { status: 'ready', reports: [...byId.values()] },
        isFromCache: unresolved.isFromCache || recent.isFromCache,
      });
    };
    Promise.all([firestore(), import('firebase/firestore')]).then(([db, sdk]) => {
      if (isDisposed) return;
      const reports = sdk.collection(db, SAFETY_REPORTS_COLLECTION);
      const listen = (part: keyof typeof parts, query: Query) =>
        unsubscribes.push(
          sdk.onSnapshot(
            query,
            { includeMetadataChanges: true },
            (snapshot: QuerySnapshot) => {
              if (isDisposed) return;
              parts[part] = {
                reports: snapshot.docs.map((item) => toHandledSafetyReport(item.id, item.data())),
                isFromCache: snapshot.metadata.fromCache,
              };
              show();
            },
            fail,
          ),
        );
      listen('unresolved', sdk.query(reports, sdk.where('status', 'in', [...UNRESOLVED_STATUSES])));
      listen('recent', sdk.query(reports, sdk.orderBy('createdAt', 'desc'), sdk.limit(QUEUE_LIMIT)));
    }, fail);
    return () => {
      isDisposed = true;
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = result && result.attempt === attempt ? result : null;
  return { ...(current?.state ?? { status: 'loading' }), retry, isFromCache: current?.isFromCache ?? false };
}
