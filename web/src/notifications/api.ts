import { NOTIFICATION_PAGE_SIZE, UNREAD_COUNT_CAP } from '@domain';
import type * as FirestoreModule from 'firebase/firestore';
import type { Firestore, FirestoreError, Unsubscribe } from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../lib/call';
import { firestore, whenFirestoreStarts } from '../lib/firebase-data';
import { logger } from '../lib/logger';
import { UNREAD_POLL_MS, fetchUnreadCount } from './unread-count-rest';

/*
 * The inbox's Firestore reads and its one callable. The reads are live (onSnapshot): a status
 * change made by the office shows up within seconds. Both queries ask for the reader's own
 * notifications only (`recipient == uid`), which is all firestore.rules lets them read.
 */

/** A notification as the inbox shows it; the text is made from `key` and `values` at render time. */
export type InboxNotification = {
  id: string;
  ticketId: string;
  ticketNumber: string;
  /** Set instead of the ticket's id on a notification about a safety report. */
  safetyReportId: string;
  kind: string;
  key: string;
  values: Record<string, string>;
  createdAt: Date | null;
  isRead: boolean;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored document as the inbox reads it: odd values read as empty, never as a crash. */
export function toInboxNotification(id: string, data: Record<string, unknown>): InboxNotification {
  const values =
    typeof data.values === 'object' && data.values !== null
      ? Object.fromEntries(
          Object.entries(data.values as Record<string, unknown>).map(([name, value]) => [
            name,
            typeof value === 'number' ? String(value) : text(value),
          ]),
        )
      : {};
  const createdAt = data.createdAt as { toDate?: () => Date } | null | undefined;
  return {
    id,
    ticketId: text(data.ticketId),
    ticketNumber: text(data.ticketNumber),
    safetyReportId: text(data.safetyReportId),
    kind: text(data.kind),
    key: text(data.key),
    values,
    createdAt: typeof createdAt?.toDate === 'function' ? createdAt.toDate() : null,
    isRead: data.read === true,
  };
}

export type Inbox = {
  /** Newest first, every loaded page together. */
  notifications: InboxNotification[];
  isLoading: boolean;
  error: Error | null;
  hasMore: boolean;
  /** Shows NOTIFICATION_PAGE_SIZE more below the loaded ones. */
  loadMore: () => void;
  /** True while what is shown came from the device's offline cache rather than the server. */
  isFromCache: boolean;
};

type Feed = {
  key: string;
  notifications: InboxNotification[];
  error: Error | null;
  isLoaded: boolean;
  isFromCache: boolean;
};

type FirestoreSdk = typeof FirestoreModule;

async function listen(build: (sdk: FirestoreSdk, db: Firestore) => Unsubscribe): Promise<Unsubscribe> {
  const [db, sdk] = await Promise.all([firestore(), import('firebase/firestore')]);
  return build(sdk, db);
}

/** Starts a listener; the returned function stops it, also when it is still starting. */
function watch(start: () => Promise<Unsubscribe>, onFailure: (error: Error) => void): () => void {
  let stop: Unsubscribe | null = null;
  let isStopped = false;
  start().then(
    (unsubscribe) => {
      if (isStopped) unsubscribe();
      else stop = unsubscribe;
    },
    (error: unknown) => onFailure(error instanceof Error ? error : new Error(String(error))),
  );
  return () => {
    isStopped = true;
    stop?.();
  };
}

/**
 * The reader's inbox, live, newest first: one listener whose limit grows by a page with each
 * "load more" (an inbox is read from the top, so the pages below are rarely asked for).
 */
export function useInbox(uid: string | null): Inbox {
  const [pages, setPages] = useState(1);
  const [feed, setFeed] = useState<Feed | null>(null);
  const size = pages * NOTIFICATION_PAGE_SIZE;
  const key = uid ? `${uid}:${size}` : null;

  useEffect(() => {
    if (!uid || !key) return undefined;
    let hasAnswer = false;
    return watch(
      () =>
        listen((sdk, db) =>
          sdk.onSnapshot(
            sdk.query(
              sdk.collection(db, 'notifications'),
              sdk.where('recipient', '==', uid),
              sdk.orderBy('createdAt', 'desc'),
              sdk.limit(size),
            ),
            // Metadata changes too: going offline and back flips fromCache without changing an entry.
            { includeMetadataChanges: true },
            (snapshot) => {
              // An empty answer from the offline cache before the server has spoken is not "none":
              // still loading, with nothing saved on this device (what is shown, if anything, stays).
              if (!hasAnswer && snapshot.empty && snapshot.metadata.fromCache) {
                setFeed((shown) =>
                  shown?.isLoaded && shown.key.startsWith(`${uid}:`)
                    ? shown
                    : { key, notifications: [], error: null, isLoaded: false, isFromCache: true },
                );
                return;
              }
              hasAnswer = true;
              setFeed({
                key,
                notifications: snapshot.docs.map((doc) => toInboxNotification(doc.id, doc.data())),
                error: null,
                isLoaded: true,
                isFromCache: snapshot.metadata.fromCache,
              });
            },
            (failure: FirestoreError) => {
              logger.error(`Inbox read failed (${failure.code})`, failure);
              setFeed({ key, notifications: [], error: failure, isLoaded: true, isFromCache: false });
            },
          ),
        ),
      (error) => setFeed({ key, notifications: [], error, isLoaded: true, isFromCache: false }),
    );
  }, [uid, key, size]);

  const loadMore = useCallback(() => setPages((count) => count + 1), []);
  // While the next page loads, the one before it stays on screen.
  const shown = feed && feed.key.startsWith(`${uid ?? ''}:`) ? feed : null;
  return {
    notifications: shown?.notifications ?? [],
    isLoading: !shown?.isLoaded,
    error: shown?.error ?? null,
    hasMore: shown !== null && shown.key === key && !shown.error && shown.notifications.length >= size,
    loadMore,
    isFromCache: shown?.isFromCache ?? false,
  };
}

/** The last unread count the server gave, per reader, for this page's life (kept through going offline). */
const lastServerCounts = new Map<string, number>();

/**
 * How many of the reader's notifications are unread (at most UNREAD_COUNT_CAP); 0 without a reader.
 * Live once a screen has started Firestore (the inbox, history, a ticket); before that, the screens
 * that read no Firestore do not carry its code for the count alone (the route budget of `npm run
 * bench`): a small count over Firestore's REST API is asked every UNREAD_POLL_MS while the tab is
 * visible and online, and at once when it becomes visible or the connection returns.
 * Offline, a listener that starts from the phone's cache (which may hold none of the unread entries)
 * does not wipe the last count the server gave: that count stays until the server answers again.
 */
export function useUnreadNotificationCount(uid: string | null): number {
  const [count, setCountState] = useState<{ uid: string; count: number } | null>(() =>
    uid && lastServerCounts.has(uid) ? { uid, count: lastServerCounts.get(uid) ?? 0 } : null,
  );
  const setCount = useCallback((next: { uid: string; count: number }) => {
    lastServerCounts.set(next.uid, next.count);
    setCountState(next);
  }, []);
  const [isFirestoreStarted, setIsFirestoreStarted] = useState(false);
  useEffect(() => whenFirestoreStarts(() => setIsFirestoreStarted(true)), []);
  useEffect(() => {
    if (!uid || isFirestoreStarted) return undefined;
    return pollUnreadCount(uid, (unread) => setCount({ uid, count: unread }));
  }, [uid, isFirestoreStarted, setCount]);
  useEffect(() => {
    if (!uid || !isFirestoreStarted) return undefined;
    return watch(
      () =>
        listen((sdk, db) =>
          sdk.onSnapshot(
            sdk.query(
              sdk.collection(db, 'notifications'),
              sdk.where('recipient', '==', uid),
              sdk.where('read', '==', false),
              sdk.limit(UNREAD_COUNT_CAP),
            ),
            // Metadata changes too: the server's answer after a cache start may change nothing else.
            { includeMetadataChanges: true },
            (snapshot) => {
              if (snapshot.metadata.fromCache && lastServerCounts.has(uid)) return;
              if (snapshot.metadata.fromCache) setCountState({ uid, count: snapshot.size });
              else setCount({ uid, count: snapshot.size });
            },
            (failure: FirestoreError) => logger.error(`Unread count read failed (${failure.code})`, failure),
          ),
        ),
      (error) => logger.error('Unread count could not start', error),
    );
  }, [uid, isFirestoreStarted, setCount]);
  return uid && count?.uid === uid ? count.count : 0;
}

/** Asks for `uid`'s unread count now and every UNREAD_POLL_MS (see above); returns what stops it. */
export function pollUnreadCount(
  uid: string,
  onCount: (count: number) => void,
  fetchCount: (uid: string) => Promise<number | null> = fetchUnreadCount,
): () => void {
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    clearTimeout(timer);
    if (document.visibilityState !== 'hidden' && navigator.onLine) {
      try {
        const unread = await fetchCount(uid);
        if (!isStopped && unread !== null) onCount(unread);
      } catch (error) {
        logger.warn('The unread count could not be read', error);
      }
    }
    if (!isStopped) timer = setTimeout(() => void poll(), UNREAD_POLL_MS);
  };
  const pollWhenBack = () => {
    if (document.visibilityState !== 'hidden') void poll();
  };
  void poll();
  document.addEventListener('visibilitychange', pollWhenBack);
  window.addEventListener('online', pollWhenBack);
  return () => {
    isStopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', pollWhenBack);
    window.removeEventListener('online', pollWhenBack);
  };
}

/** Marks these notifications of the reader read; resolves with how many were. */
export async function markNotificationsRead(ids: string[]): Promise<number> {
  return (await call('markNotificationsRead', { ids })).marked;
}

/** Marks every unread notification of the reader read. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await call('markNotificationsRead', { all: true })).marked;
}
