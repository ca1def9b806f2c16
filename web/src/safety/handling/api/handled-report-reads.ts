import type { DocumentSnapshot, QuerySnapshot } from 'firebase/firestore';
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

/** The newest reports the queue reads; it sorts them itself. */
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

/** The newest QUEUE_LIMIT reports by the time they were made, live, as stored (unsorted). */
export function useSafetyQueue(): SafetyQueueResult {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    attempt: number;
    state: SafetyQueueState;
    isFromCache: boolean;
  } | null>(null);

  useEffect(() => {
    let isDisposed = false;
    let unsubscribe: (() => void) | undefined;
    const fail = (error: unknown) => {
      if (isDisposed) return;
      logger.error(`Safety queue read failed (${codeOf(error)})`, error);
      setResult({ attempt, state: { status: 'error' }, isFromCache: false });
    };
    Promise.all([firestore(), import('firebase/firestore')]).then(([db, sdk]) => {
      if (isDisposed) return;
      const query = sdk.query(
        sdk.collection(db, SAFETY_REPORTS_COLLECTION),
        sdk.orderBy('createdAt', 'desc'),
        sdk.limit(QUEUE_LIMIT),
      );
      unsubscribe = sdk.onSnapshot(
        query,
        { includeMetadataChanges: true },
        (snapshot: QuerySnapshot) => {
          if (isDisposed) return;
          const reports = snapshot.docs.map((item) => toHandledSafetyReport(item.id, item.data()));
          setResult({
            attempt,
            state: { status: 'ready', reports },
            isFromCache: snapshot.metadata.fromCache,
          });
        },
        fail,
      );
    }, fail);
    return () => {
      isDisposed = true;
      unsubscribe?.();
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = result && result.attempt === attempt ? result : null;
  return { ...(current?.state ?? { status: 'loading' }), retry, isFromCache: current?.isFromCache ?? false };
}
