import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { requestIdSchema } from '../request-id.js';
import { type WorkerProfile, workerUpdateSchema } from '../worker.js';
import { answers, idSchema } from './contract.js';

export const updateWorkerSchema = z.object({
  /** One id per save in the dialog, the same on a retry: the board writes a repeated request once. */
  requestId: requestIdSchema.optional(),
  workerId: idSchema,
  changes: workerUpdateSchema,
});
export type UpdateWorkerInput = z.input<typeof updateWorkerSchema>;

export type UpdateWorkerResponse = { worker: WorkerProfile };

/** Changes a directory worker's fields (on the monday.com board if there is one); EDIT_WORKER_MONDAY_DATA. */
export const updateWorker = answers<UpdateWorkerResponse>()({
  request: updateWorkerSchema,
  failure: ADMIN_ERRORS.updateWorkerFailed,
  invalid: 'Invalid worker details',
});
