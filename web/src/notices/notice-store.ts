import { NOTICE_DEFAULT_DURATION_MS } from '@domain';
import type { ReactNode } from 'react';
import type { Notice, NoticeInput, NoticeOptions, NoticePatch, NoticesApi, NoticeType } from './notice-types';

/*
 * The notice list lives outside React state so the API functions are stable (safe in effect
 * dependencies) and onClose runs once, outside any render or state updater.
 */
export type NoticeStore = NoticesApi & {
  getSnapshot: () => readonly Notice[];
  subscribe: (listener: () => void) => () => void;
};

export function createNoticeStore(): NoticeStore {
  let notices: readonly Notice[] = [];
  let sequence = 0;
  const listeners = new Set<() => void>();

  function commit(next: readonly Notice[]): void {
    notices = next;
    listeners.forEach((listener) => listener());
  }

  function show(input: NoticeInput): string {
    const id = input.id ?? `notice-${++sequence}`;
    const previous = notices.find((notice) => notice.id === id);
    const notice: Notice = {
      ...input,
      id,
      type: input.type ?? 'info',
      duration: input.duration ?? NOTICE_DEFAULT_DURATION_MS,
      revision: previous ? previous.revision + 1 : 0,
    };
    commit(previous ? notices.map((item) => (item.id === id ? notice : item)) : [...notices, notice]);
    return id;
  }

  function update(id: string, patch: NoticePatch): void {
    if (!notices.some((notice) => notice.id === id)) return;
    commit(
      notices.map((notice) =>
        notice.id === id
          ? {
              ...notice,
              ...patch,
              id,
              type: patch.type ?? notice.type,
              duration: patch.duration ?? notice.duration,
              revision: notice.revision + 1,
            }
          : notice,
      ),
    );
  }

  function dismiss(id: string): void {
    const notice = notices.find((item) => item.id === id);
    if (!notice) return;
    commit(notices.filter((item) => item.id !== id));
    notice.onClose?.();
  }

  const typed = (type: NoticeType) => (message: ReactNode, options?: NoticeOptions) =>
    show({ ...options, message, type });

  return {
    getSnapshot: () => notices,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    show,
    update,
    dismiss,
    success: typed('success'),
    error: typed('error'),
    info: typed('info'),
    warning: typed('warning'),
    loading: typed('loading'),
  };
}
