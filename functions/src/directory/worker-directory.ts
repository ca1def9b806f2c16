import type { WorkerProfile, WorkerUpdate } from '../domain/index.js';

export type WorkerPage = { workers: WorkerProfile[]; nextPageToken: string | null };

/**
 * Where worker profiles come from. Firestore `workers/{workerId}` by default; an external
 * board (monday.com) can implement the same interface.
 */
export type WorkerDirectory = {
  findById(workerId: string): Promise<WorkerProfile | null>;
  findByEmail(email: string): Promise<WorkerProfile | null>;
  /** Workers ordered by name; `pageToken` is the previous page's `nextPageToken`. */
  list(options?: { limit?: number; pageToken?: string | null }): Promise<WorkerPage>;
  /** Applies a partial update; returns the updated profile, or null when the worker does not exist. */
  update(workerId: string, changes: WorkerUpdate): Promise<WorkerProfile | null>;
};
