import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PickedFile } from '../../components/ui/file-picker';
import { signOutCount } from '../../lib/auth/sign-out-cleanup';
import { type DraftRescue, draftRescue, takeRescuedDrafts } from '../../lib/drafts/draft-rescue';
import { type DraftStore, browserDraftStore, draftId } from '../../lib/drafts/draft-store';
import { logger } from '../../lib/logger';
import { type DraftOwner, isUntouched, toDraftRecord } from './ticket-draft';

// Keeps a new-ticket form on the device while the worker types, so a reload, a crash, a dead
// battery or a lost connection loses nothing. The form reads the stored draft once before it
// opens (useStoredDraft), then writes after each pause in typing (useDraftSaving). Words not yet
// in the store when the page goes away are written at once, synchronously, by a rescue write
// (lib/drafts/draft-rescue.ts), and go back into the store at the next opening.

/** The pause in typing after which the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 500;

/** undefined: the browser's IndexedDB; tests provide a Map-backed store, or null for none. */
export const DraftStoreContext = createContext<DraftStore | null | undefined>(undefined);

/** The drafts store of this screen; null where the device keeps none. */
export function useDraftStore(): DraftStore | null {
  const provided = useContext(DraftStoreContext);
  const [store] = useState(() => (provided === undefined ? browserDraftStore() : provided));
  return store;
}

export type StoredDraftState = { isLoading: true } | { isLoading: false; record: unknown };

const savedAtOf = (record: unknown) =>
  typeof record === 'object' &&
  record !== null &&
  typeof (record as { savedAt?: unknown }).savedAt === 'number'
    ? (record as { savedAt: number }).savedAt
    : -1;

/** The later of a rescued record (no files) and the stored one, with the stored one's files. */
function laterOf(rescued: unknown, stored: unknown): unknown {
  if (typeof rescued !== 'object' || rescued === null || savedAtOf(rescued) <= savedAtOf(stored))
    return stored;
  const files = (stored as { files?: unknown } | undefined)?.files;
  return { ...rescued, files: Array.isArray(files) ? files : [] };
}

/**
 * The stored record of draft `id`, after the account's rescue writes went back into the store
 * (each a draft's last words, written as the page went away; the later of the two is kept).
 */
async function readWithRescued(store: DraftStore, uid: string, id: string): Promise<unknown> {
  const rescued = await takeRescuedDrafts(uid).catch(() => []);
  for (const { draftId: rescuedId, record } of rescued) {
    const stored = await store.get(rescuedId).catch(() => undefined);
    const later = laterOf(record, stored);
    if (later !== stored) await store.put(rescuedId, later);
  }
  return store.get(id);
}

/** The stored record for this account and form, read once; a failed read counts as none. */
export function useStoredDraft(store: DraftStore | null, owner: DraftOwner | null): StoredDraftState {
  const id = owner ? draftId(owner.uid, owner.category, owner.subcategory) : null;
  const uid = owner?.uid ?? null;
  const [state, setState] = useState<StoredDraftState>(() =>
    store && id ? { isLoading: true } : { isLoading: false, record: null },
  );
  useEffect(() => {
    if (!store || !id || !uid) return undefined;
    let isCurrent = true;
    void readWithRescued(store, uid, id).then(
      (record) => isCurrent && setState({ isLoading: false, record }),
      (error: unknown) => {
        logger.warn('Could not read the ticket draft', error);
        if (isCurrent) setState({ isLoading: false, record: null });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [store, id, uid]);
  return state;
}

export type DraftSavingOptions = {
  store: DraftStore | null;
  owner: DraftOwner | null;
  methods: UseFormReturn<Record<string, unknown>>;
  files: PickedFile[];
  /** The values the form opened with before any draft; a form back to these keeps no draft. */
  pristine: Record<string, unknown>;
  /** A draft was restored, so one is stored already. */
  hasStoredDraft: boolean;
  /** The clock, for tests. */
  now?: () => number;
};

export type DraftSaving = {
  /** A draft of this form is on the device. */
  hasDraft: boolean;
  /** Deletes the draft and stops writing it (the ticket was created). */
  finish: () => void;
  /** Deletes the draft; what is typed next becomes a new one. */
  discard: () => void;
};

/**
 * Writes the form's values and files after each pause in typing, and at once when the page is
 * hidden or left (a reload, switching apps, closing the tab). Nothing is written for another
 * account or after a sign-out in this tab (the sign-out deletes all drafts). Writes and deletions
 * run one after another, so a deletion is never overtaken by an older write.
 */
export function useDraftSaving({
  store,
  owner,
  methods,
  files,
  pristine,
  hasStoredDraft,
  now = Date.now,
}: DraftSavingOptions): DraftSaving {
  const [hasDraft, setHasDraft] = useState(hasStoredDraft);
  const timer = useRef<number | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const isFinished = useRef(false);
  const signOutsAtOpen = useRef(signOutCount());
  const latestFiles = useRef(files);
  const isFirstFiles = useRef(true);
  /** Changes made, and the last change the store holds: the words differ while they differ. */
  const changes = useRef({ made: 0, stored: 0 });
  const rescue = useRef<DraftRescue | null>(null);
  const id = owner ? draftId(owner.uid, owner.category, owner.subcategory) : null;
  const uid = owner?.uid ?? null;

  // A one-time pad kept ready for a rescue write while the form is open.
  useEffect(() => {
    if (!store || !uid) return undefined;
    const ready = draftRescue(uid);
    rescue.current = ready;
    return () => {
      ready.close();
      if (rescue.current === ready) rescue.current = null;
    };
  }, [store, uid]);

  const enqueue = useCallback((operation: () => Promise<void>) => {
    queue.current = queue.current.then(operation).catch((error: unknown) => {
      logger.warn('Could not keep the ticket draft on this device', error);
    });
  }, []);

  const save = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (!store || !owner || !id || isFinished.current || signOutCount() !== signOutsAtOpen.current) return;
    const values = methods.getValues();
    const currentFiles = latestFiles.current;
    const change = changes.current.made;
    const stored = () => {
      changes.current.stored = Math.max(changes.current.stored, change);
    };
    if (isUntouched(values, pristine) && currentFiles.length === 0) {
      enqueue(async () => {
        await store.delete(id);
        stored();
        setHasDraft(false);
      });
      return;
    }
    const record = toDraftRecord(owner, values, currentFiles, now());
    enqueue(async () => {
      await store.put(id, record);
      stored();
      setHasDraft(true);
    });
  }, [store, owner, id, methods, pristine, enqueue, now]);

  /** The words the store does not hold yet, written at once (the page is going away). */
  const rescueNow = useCallback(() => {
    if (!rescue.current || !owner || !id || isFinished.current) return;
    if (changes.current.made === changes.current.stored || signOutCount() !== signOutsAtOpen.current) return;
    const values = methods.getValues();
    if (isUntouched(values, pristine)) return;
    rescue.current.writeNow(id, toDraftRecord(owner, values, [], now()));
  }, [owner, id, methods, pristine, now]);

  const schedule = useCallback(() => {
    if (!store || isFinished.current) return;
    changes.current.made += 1;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(save, DRAFT_SAVE_DELAY_MS);
  }, [store, save]);

  // What the worker changes (typing, choosing, ticking); values set by code (the files' metadata,
  // a reset) are not typing.
  useEffect(() => {
    const subscription = methods.watch((_values, { type }) => {
      if (type === 'change') schedule();
    });
    return () => subscription.unsubscribe();
  }, [methods, schedule]);

  useEffect(() => {
    latestFiles.current = files;
    if (isFirstFiles.current) {
      isFirstFiles.current = false;
      return;
    }
    schedule();
  }, [files, schedule]);

  // A pending write goes out now when the page is hidden or left (with a rescue write, which the
  // unload cannot overtake), and when the form closes.
  useEffect(() => {
    const flush = () => {
      if (timer.current !== undefined) save();
    };
    const leave = () => {
      rescueNow();
      flush();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [save, rescueNow]);

  const remove = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    changes.current.stored = changes.current.made;
    setHasDraft(false);
    if (!store || !id) return;
    enqueue(() => store.delete(id));
  }, [store, id, enqueue]);

  const finish = useCallback(() => {
    isFinished.current = true;
    remove();
  }, [remove]);

  return { hasDraft, finish, discard: remove };
}
