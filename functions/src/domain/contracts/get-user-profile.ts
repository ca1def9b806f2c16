import { z } from 'zod';
import {
  type AccountStatus,
  ADMIN_ERRORS,
  type AdminAccount,
  type AdminAllowedActions,
} from '../admin-api.js';
import type { WorkerProfile } from '../worker.js';
import { answers, idSchema } from './contract.js';

export const getUserProfileSchema = z.object({ userId: idSchema });
export type GetUserProfileInput = z.input<typeof getUserProfileSchema>;

export type GetUserProfileResponse = {
  /** The uid, or the worker id for a directory worker without an account. */
  key: string;
  account: AdminAccount | null;
  worker: WorkerProfile | null;
  /** null when the caller lacks VIEW_USER_ACCOUNT_STATUS. */
  status: AccountStatus | null;
  allowed: AdminAllowedActions;
  /**
   * When the worker's data was last taken from the work board (ISO time), for staff to see how
   * fresh it is; null when the workers live in Firestore (no board) or there is no worker.
   */
  workerDataAsOf: string | null;
  /**
   * The labels the board's status and dropdown columns take, per worker field (`multiple`: a
   * dropdown holding a list, sent as "A, B"); the edit dialog offers them. Null without a board.
   */
  workerFieldLabels: Partial<Record<string, { labels: string[]; multiple: boolean }>> | null;
};

/** An account or directory worker and what the caller may do to it; manager and up, VIEW_ALL_USER_DATA. */
export const getUserProfile = answers<GetUserProfileResponse>()({
  request: getUserProfileSchema,
  failure: ADMIN_ERRORS.loadProfileFailed,
  invalid: 'Invalid profile request',
});
