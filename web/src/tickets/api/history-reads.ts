import { useCallback, useEffect, useRef, useState } from 'react';
import type { FirestoreError, QueryConstraint, QueryDocumentSnapshot, Unsubscribe } from 'firebase/firestore';
import { logger } from '../../lib/logger';
import { type Connection, connect, toError } from './firestore-connection';
import {
  HISTORY_PAGE_SIZE,
  type HistoryQueryInput,
  type PageBounds,
  extraSearchWords,
  historyQueryShape,
  matchesSearchWords,
  pageBounds,
} from './history-query';
import { type Ticket, toTicket } from './ticket-model';

/*
 * The live ticket history (onSnapshot): a status change made by the office shows up without a
 * reload. Kept apart from ticket-reads.ts so the details page does not carry the paging and
 * search code.
 */

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
  /**
   * True while what is shown (or, before the first answer, what was looked for) came from the
   * device's offline cache rather than the server: offline, the screen says it shows saved data.
   */
  isFromCache: boolean;
};

type FeedState = Pick<
  TicketHistory,
  'tickets' | 'isLoading' | 'isLoadingMore' | 'error' | 'hasMore' | 'isFromCache'
>;

const LOADING: FeedState = {
  tickets: [],
  isLoading: true,
  isLoadingMore: false,
  error: null,
  hasMore: false,
  isFromCache: false,
};

type Cursor = QueryDocumentSnapshot;
type Page = {
  bounds: PageBounds<Cursor>;
  docs: Cursor[] | null;
  isFromCache: boolean;
  unsubscribe: Unsubscribe;
};

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
      isFromCache: pages.some((page) => page.isFromCache),
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
      // Metadata changes too: going offline and back flips fromCache without changing a ticket.
      { includeMetadataChanges: true },
      (snapshot) => {
        page.isFromCache = snapshot.metadata.fromCache;
        // An empty answer from the offline cache before the server has spoken is not "no tickets".
        if (page.docs === null && snapshot.empty && snapshot.metadata.fromCache) {
          emit();
          return;
        }
        page.docs = snapshot.docs;
        emit();
      },
      (failure: FirestoreError) => {
        // Always logged: the query is built to be one the rules allow, so a refusal is a bug to see.
        logger.error(`Ticket history read failed (${failure.code})`, failure);
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
      const page: Page = {
        bounds,
        docs: existing?.docs ?? null,
        isFromCache: existing?.isFromCache ?? false,
        unsubscribe: () => undefined,
      };
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
