import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  DocumentSnapshot,
  Firestore,
  FirestoreError,
  QueryConstraint,
  QueryDocumentSnapshot,
  Unsubscribe,
} from 'firebase/firestore';
import type * as FirestoreModule from 'firebase/firestore';
import { firestore, storage } from '../../lib/firebase-data';
import {
  HISTORY_PAGE_SIZE,
  type HistoryQueryInput,
  type PageBounds,
  extraSearchWords,
  historyQueryShape,
  matchesSearchWords,
  pageBounds,
} from './history-query';
import {
  type ActivityEntry,
  type Ticket,
  type TicketUpdate,
  toActivityEntry,
  toTicket,
  toTicketUpdate,
} from './ticket-model';

/*
 * Every Firestore and Storage read of the ticket screens. The SDKs are imported on first use
 * (firebase-data.ts), so screens that never read tickets never load them. Reads are live
 * (onSnapshot): a status change made by the office shows up without a reload.
 */

type FirestoreSdk = typeof FirestoreModule;
type Connection = { db: Firestore; sdk: FirestoreSdk };

async function connect(): Promise<Connection> {
  const db = await firestore();
  const sdk = await import('firebase/firestore');
  return { db, sdk };
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

// --- history ---------------------------------------------------------------------------------

export type TicketHistory = {
  /** Newest first, every loaded page together. */
  tickets: Ticket[];
  /** True until the first page has arrived (or failed). */
  isLoading: boolean;
  /** True while the page asked for by loadMore is on its way. */
  isLoadingMore: boolean;
  error: Error | null;
  /** Whether loadMore may find more tickets. */
  hasMore: boolean;
  /** Adds the next HISTORY_PAGE_SIZE tickets below the loaded ones. */
  loadMore: () => void;
  /** Starts over after an error. */
  retry: () => void;
};

type FeedState = Pick<TicketHistory, 'tickets' | 'isLoading' | 'isLoadingMore' | 'error' | 'hasMore'>;

const LOADING: FeedState = {
  tickets: [],
  isLoading: true,
  isLoadingMore: false,
  error: null,
  hasMore: false,
};

type Cursor = QueryDocumentSnapshot;
type Page = { bounds: PageBounds<Cursor>; docs: Cursor[] | null; unsubscribe: Unsubscribe };

const sameBounds = (a: PageBounds<Cursor>, b: PageBounds<Cursor>) =>
  a.startAfter === b.startAfter && a.endAt === b.endAt && a.limit === b.limit;

/**
 * A live, cursor-paged history list. Each page has its own listener between fixed cursors (see
 * pageBounds): "load more" re-bounds the last page at its last document and opens the next page
 * after it, so already loaded tickets are never read again and each page stays live. A new
 * ticket joins the first page instead of pushing one off the end of it. The alternative, one
 * listener with a growing limit, is simpler but re-reads every loaded ticket on each "load more".
 */
function watchHistory(input: HistoryQueryInput, onChange: (state: FeedState) => void) {
  const shape = historyQueryShape(input);
  const words = extraSearchWords(input.search);
  let connection: Connection | null = null;
  let isDisposed = false;
  let cursors: Cursor[] = [];
  let pages: Page[] = [];
  let error: Error | null = null;

  function emit() {
    if (isDisposed) return;
    const first = pages[0];
    const last = pages.at(-1);
    const seen = new Set<string>();
    const tickets: Ticket[] = [];
    for (const page of pages) {
      for (const doc of page.docs ?? []) {
        if (seen.has(doc.id)) continue;
        seen.add(doc.id);
        const ticket = toTicket(doc.id, doc.data());
        if (matchesSearchWords(ticket.searchTokens, words)) tickets.push(ticket);
      }
    }
    onChange({
      tickets,
      isLoading: error === null && (first?.docs ?? null) === null,
      isLoadingMore: error === null && pages.length > 1 && last?.docs === null,
      error,
      hasMore: error === null && !!last?.docs && last.docs.length >= HISTORY_PAGE_SIZE,
    });
  }

  function listen({ db, sdk }: Connection, page: Page) {
    const constraints: QueryConstraint[] = [
      ...shape.filters.map((filter) => sdk.where(filter.field, filter.op, filter.value)),
      sdk.orderBy(shape.orderBy.field, shape.orderBy.direction),
    ];
    if (page.bounds.startAfter) constraints.push(sdk.startAfter(page.bounds.startAfter));
    if (page.bounds.endAt) constraints.push(sdk.endAt(page.bounds.endAt));
    if (page.bounds.limit !== null) constraints.push(sdk.limit(page.bounds.limit));
    page.unsubscribe = sdk.onSnapshot(
      sdk.query(sdk.collection(db, 'tickets'), ...constraints),
      (snapshot) => {
        // An empty answer from the offline cache before the server has spoken is not "no tickets".
        if (page.docs === null && snapshot.empty && snapshot.metadata.fromCache) return;
        page.docs = snapshot.docs;
        emit();
      },
      (failure: FirestoreError) => {
        error = failure;
        emit();
      },
    );
  }

  /** Brings the listeners in line with the cursors, keeping pages whose bounds did not change. */
  function sync() {
    if (!connection || isDisposed) return;
    const wanted = pageBounds(cursors, shape.limit);
    pages = wanted.map((bounds, index) => {
      const existing = pages[index];
      if (existing && sameBounds(existing.bounds, bounds)) return existing;
      existing?.unsubscribe();
      // A re-bounded page keeps showing its tickets until its new listener answers.
      const page: Page = { bounds, docs: existing?.docs ?? null, unsubscribe: () => undefined };
      listen(connection as Connection, page);
      return page;
    });
    emit();
  }

  connect().then(
    (connected) => {
      connection = connected;
      sync();
    },
    (failure: unknown) => {
      error = toError(failure);
      emit();
    },
  );

  return {
    loadMore() {
      const last = pages.at(-1);
      const cursor = last?.docs?.at(-1);
      if (error || !last?.docs || last.docs.length < HISTORY_PAGE_SIZE || !cursor) return;
      cursors = [...cursors, cursor];
      sync();
    },
    dispose() {
      isDisposed = true;
      for (const page of pages) page.unsubscribe();
      pages = [];
    },
  };
}

/** Only what decides the query goes into the key: a new key starts a new list. */
function historyKey(input: HistoryQueryInput | null): string | null {
  if (!input) return null;
  const normalized: HistoryQueryInput = {
    uid: input.uid,
    canSeeAll: input.canSeeAll,
    showArchived: input.showArchived,
    status: input.status || undefined,
    category: input.category || undefined,
    subcategory: (input.category && input.subcategory) || undefined,
    search: input.search?.trim() || undefined,
  };
  return JSON.stringify(normalized);
}

/**
 * The live ticket history for the given query (null: nothing to load yet). Starts over when the
 * query changes; stops listening on unmount.
 */
export function useTicketHistory(input: HistoryQueryInput | null): TicketHistory {
  const key = historyKey(input);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; state: FeedState } | null>(null);
  const feed = useRef<ReturnType<typeof watchHistory> | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    const watched = watchHistory(JSON.parse(key) as HistoryQueryInput, (state) =>
      setResult({ key, attempt, state }),
    );
    feed.current = watched;
    return () => {
      watched.dispose();
      if (feed.current === watched) feed.current = null;
    };
  }, [key, attempt]);

  const loadMore = useCallback(() => feed.current?.loadMore(), []);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const state = result && result.key === key && result.attempt === attempt ? result.state : LOADING;
  return { ...state, loadMore, retry };
}

// --- one ticket ------------------------------------------------------------------------------

/**
 * A ticket with its updates and activity log. `notFound` and `denied` are told apart for the
 * record, but the screen shows both the same way: the rules deny a worker a ticket that does not
 * exist just as one that is not theirs, so telling them apart would say nothing true.
 */
export type TicketDetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'denied' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; ticket: Ticket; updates: TicketUpdate[]; activity: ActivityEntry[] };

export type TicketDetailsResult = TicketDetailsState & { retry: () => void };

/** Ticket ids the app creates; anything else is not looked up at all. */
const TICKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const isPermissionDenied = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'permission-denied';

function watchTicket(ticketId: string, onChange: (state: TicketDetailsState) => void) {
  type DocState =
    | { kind: 'loading' }
    | { kind: 'exists'; ticket: Ticket }
    | { kind: 'missing' }
    | { kind: 'failed'; error: unknown };
  let ticket: DocState = { kind: 'loading' };
  let updates: TicketUpdate[] | null = null;
  let activity: ActivityEntry[] | null = null;
  let listError: unknown = null;
  let isDisposed = false;
  const unsubscribes: Unsubscribe[] = [];

  function emit() {
    if (isDisposed) return;
    if (ticket.kind === 'failed') {
      onChange(
        isPermissionDenied(ticket.error)
          ? { status: 'denied' }
          : { status: 'error', error: toError(ticket.error) },
      );
    } else if (ticket.kind === 'missing') {
      onChange({ status: 'notFound' });
    } else if (ticket.kind === 'loading') {
      onChange({ status: 'loading' });
    } else if (listError !== null) {
      onChange({ status: 'error', error: toError(listError) });
    } else if (updates === null || activity === null) {
      onChange({ status: 'loading' });
    } else {
      onChange({ status: 'ready', ticket: ticket.ticket, updates, activity });
    }
  }

  connect().then(
    ({ db, sdk }) => {
      if (isDisposed) return;
      const ref = sdk.doc(db, 'tickets', ticketId);
      unsubscribes.push(
        sdk.onSnapshot(
          ref,
          (snapshot: DocumentSnapshot) => {
            const data = snapshot.data();
            if (data) ticket = { kind: 'exists', ticket: toTicket(snapshot.id, data) };
            // Offline, a ticket missing from the cache may still exist: wait for the server.
            else if (!snapshot.metadata.fromCache) ticket = { kind: 'missing' };
            emit();
          },
          (error) => {
            ticket = { kind: 'failed', error };
            emit();
          },
        ),
      );
      const ordered = (name: string) => sdk.query(sdk.collection(ref, name), sdk.orderBy('at', 'asc'));
      unsubscribes.push(
        sdk.onSnapshot(
          ordered('updates'),
          (snapshot) => {
            updates = snapshot.docs.map((doc) => toTicketUpdate(doc.id, doc.data()));
            emit();
          },
          (error) => {
            listError = error;
            emit();
          },
        ),
        sdk.onSnapshot(
          ordered('activity'),
          (snapshot) => {
            activity = snapshot.docs.map((doc) => toActivityEntry(doc.id, doc.data()));
            emit();
          },
          (error) => {
            listError = error;
            emit();
          },
        ),
      );
    },
    (error: unknown) => {
      ticket = { kind: 'failed', error };
      emit();
    },
  );

  return () => {
    isDisposed = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/** The live ticket `ticketId` with its updates and activity log, oldest entries first. */
export function useTicket(ticketId: string | undefined): TicketDetailsResult {
  const id = ticketId && TICKET_ID_PATTERN.test(ticketId) ? ticketId : null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ id: string; attempt: number; state: TicketDetailsState } | null>(
    null,
  );

  useEffect(() => {
    if (id === null) return undefined;
    return watchTicket(id, (state) => setResult({ id, attempt, state }));
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (id === null) return { status: 'notFound', retry };
  const state =
    result && result.id === id && result.attempt === attempt ? result.state : { status: 'loading' as const };
  return { ...state, retry };
}

// --- attachments -----------------------------------------------------------------------------

const urlCache = new Map<string, Promise<string>>();

/** The download URL of a stored file; a failed look-up is forgotten so a later render retries. */
export function attachmentUrl(path: string): Promise<string> {
  let url = urlCache.get(path);
  if (!url) {
    url = Promise.all([storage(), import('firebase/storage')]).then(([bucket, sdk]) =>
      sdk.getDownloadURL(sdk.ref(bucket, path)),
    );
    urlCache.set(path, url);
    url.catch(() => urlCache.delete(path));
  }
  return url;
}

export type AttachmentUrl = { url: string | null; isLoading: boolean; isError: boolean };

/** The download URL of an attachment, for a preview or a link. */
export function useAttachmentUrl(path: string): AttachmentUrl {
  const [result, setResult] = useState<{ path: string; url: string | null; isError: boolean } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    attachmentUrl(path).then(
      (url) => {
        if (isCurrent) setResult({ path, url, isError: false });
      },
      () => {
        if (isCurrent) setResult({ path, url: null, isError: true });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [path]);
  if (!result || result.path !== path) return { url: null, isLoading: true, isError: false };
  return { url: result.url, isLoading: false, isError: result.isError };
}
