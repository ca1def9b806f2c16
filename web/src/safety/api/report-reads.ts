import type { DocumentSnapshot, QuerySnapshot } from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { firestore } from '../../lib/firebase-data';
import { logger } from '../../lib/logger';
import { OWN_SAFETY_REPORTS_COLLECTION } from '../domain';
import { type OwnSafetyReport, toOwnSafetyReport } from './report-model';

/*
 * The reporter view's read: the reporter's own copy of one report, live (onSnapshot), so every
 * step a handler takes shows within seconds. The SDK is imported on first use (firebase-data.ts).
 */

/**
 * One report as its reporter follows it. A report that does not exist and one that is not the
 * user's read the same (`notFound`): the rules refuse another user's copy just as they would a
 * missing one, so telling them apart would say nothing true.
 */
export type OwnSafetyReportState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  | { status: 'ready'; report: OwnSafetyReport };

export type OwnSafetyReportResult = OwnSafetyReportState & {
  retry: () => void;
  /** True while what is shown comes from the device's offline cache. */
  isFromCache: boolean;
};

/** Report ids the server makes; anything else is not looked up at all. */
const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
};

function watchOwnReport(
  uid: string,
  reportId: string,
  onChange: (state: OwnSafetyReportState, isFromCache: boolean) => void,
): () => void {
  let isDisposed = false;
  let unsubscribe: (() => void) | undefined;
  const fail = (error: unknown) => {
    if (isDisposed) return;
    const code = codeOf(error);
    if (code === 'permission-denied') {
      onChange({ status: 'notFound' }, false);
      return;
    }
    logger.error(`Safety report read failed (${code})`, error);
    onChange({ status: 'error' }, false);
  };
  Promise.all([firestore(), import('firebase/firestore')]).then(([db, sdk]) => {
    if (isDisposed) return;
    const ref = sdk.doc(db, 'users', uid, OWN_SAFETY_REPORTS_COLLECTION, reportId);
    unsubscribe = sdk.onSnapshot(
      ref,
      // Metadata changes too: going offline and back flips fromCache without changing the report.
      { includeMetadataChanges: true },
      (snapshot: DocumentSnapshot) => {
        if (isDisposed) return;
        const { fromCache } = snapshot.metadata;
        const data = snapshot.data();
        if (data) onChange({ status: 'ready', report: toOwnSafetyReport(snapshot.id, data) }, fromCache);
        // Offline, a report missing from the cache may still exist: wait for the server.
        else if (!fromCache) onChange({ status: 'notFound' }, false);
        else onChange({ status: 'loading' }, true);
      },
      fail,
    );
  }, fail);
  return () => {
    isDisposed = true;
    unsubscribe?.();
  };
}

/** The signed-in reporter's live copy of report `reportId`. */
export function useOwnSafetyReport(
  uid: string | undefined,
  reportId: string | undefined,
): OwnSafetyReportResult {
  const key = uid && reportId && REPORT_ID_PATTERN.test(reportId) ? `${uid}/${reportId}` : null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    attempt: number;
    state: OwnSafetyReportState;
    isFromCache: boolean;
  } | null>(null);

  useEffect(() => {
    if (key === null || !uid || !reportId) return undefined;
    return watchOwnReport(uid, reportId, (state, isFromCache) =>
      setResult({ key, attempt, state, isFromCache }),
    );
  }, [key, uid, reportId, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (key === null) return { status: 'notFound', retry, isFromCache: false };
  const current = result && result.key === key && result.attempt === attempt ? result : null;
  return { ...(current?.state ?? { status: 'loading' }), retry, isFromCache: current?.isFromCache ?? false };
}

/** How many of their own reports the reporter's list shows, newest first. */
export const OWN_REPORTS_LIMIT = 20;

export type OwnSafetyReportsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; reports: OwnSafetyReport[] };

/**
 * The signed-in reporter's newest OWN_REPORTS_LIMIT reports, live from their own copies (anonymous
 * ones included: the copy is theirs alone), so each step a handler takes shows in the list.
 */
export function useOwnSafetyReports(uid: string | undefined): OwnSafetyReportsState {
  const [result, setResult] = useState<{ uid: string; state: OwnSafetyReportsState } | null>(null);
  useEffect(() => {
    if (!uid) return undefined;
    let isDisposed = false;
    let unsubscribe: (() => void) | undefined;
    const fail = (error: unknown) => {
      if (isDisposed) return;
      logger.error(`Own safety reports read failed (${codeOf(error)})`, error);
      setResult({ uid, state: { status: 'error' } });
    };
    Promise.all([firestore(), import('firebase/firestore')]).then(([db, sdk]) => {
      if (isDisposed) return;
      const query = sdk.query(
        sdk.collection(db, 'users', uid, OWN_SAFETY_REPORTS_COLLECTION),
        sdk.orderBy('createdAt', 'desc'),
        sdk.limit(OWN_REPORTS_LIMIT),
      );
      unsubscribe = sdk.onSnapshot(
        query,
        (snapshot: QuerySnapshot) => {
          if (isDisposed) return;
          const reports = snapshot.docs.map((item) => toOwnSafetyReport(item.id, item.data()));
          setResult({ uid, state: { status: 'ready', reports } });
        },
        fail,
      );
    }, fail);
    return () => {
      isDisposed = true;
      unsubscribe?.();
    };
  }, [uid]);
  return result && result.uid === uid ? result.state : { status: 'loading' };
}
