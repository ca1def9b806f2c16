import type { ReactNode } from 'react';

export type NoticeType = 'success' | 'error' | 'info' | 'loading' | 'warning';

export type NoticeAction = { label: string; onClick: () => void };

/** What a caller passes to show(); the snackbar message of spec section 3. */
export type NoticeInput = {
  /** Reusing an id replaces that notice instead of stacking a duplicate. */
  id?: string;
  message: ReactNode;
  /** Default info. */
  type?: NoticeType;
  /** Milliseconds before it closes itself; default NOTICE_DEFAULT_DURATION_MS. */
  duration?: number;
  /** Stays until closed; loading notices are persistent unless this says false. */
  isPersistent?: boolean;
  /** Called once when the notice goes away, whatever the reason (close button, timeout, action, dismiss). */
  onClose?: () => void;
  /** One button beside the message; clicking it runs onClick and closes the notice. */
  action?: NoticeAction;
};

/** Options of the typed shortcuts (success, error, ...): everything but the message and the type. */
export type NoticeOptions = Omit<NoticeInput, 'message' | 'type'>;

/** Fields update() may change; the countdown restarts from the full duration. */
export type NoticePatch = Partial<Omit<NoticeInput, 'id'>>;

export type Notice = Omit<NoticeInput, 'id' | 'type' | 'duration'> & {
  id: string;
  type: NoticeType;
  duration: number;
  /** Bumped by every show/update of the same id so the timer and the progress bar start over. */
  revision: number;
};

export type NoticesApi = {
  show: (input: NoticeInput) => string;
  dismiss: (id: string) => void;
  update: (id: string, patch: NoticePatch) => void;
  success: (message: ReactNode, options?: NoticeOptions) => string;
  error: (message: ReactNode, options?: NoticeOptions) => string;
  info: (message: ReactNode, options?: NoticeOptions) => string;
  warning: (message: ReactNode, options?: NoticeOptions) => string;
  loading: (message: ReactNode, options?: NoticeOptions) => string;
};

/** Whether the notice closes itself: not when persistent, and loading counts as persistent by default. */
export function isTimedNotice(notice: Pick<Notice, 'type' | 'duration' | 'isPersistent'>): boolean {
  const isPersistent = notice.isPersistent ?? notice.type === 'loading';
  return !isPersistent && Number.isFinite(notice.duration) && notice.duration > 0;
}
