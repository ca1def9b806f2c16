// The worker directory of a company that keeps its workers on a monday.com board. Reads come from
// the Firestore read model (0 board calls); an edit is written to the board first and reaches the
// read model only when the board accepted it. When the board is down or over budget the edit is
// refused with a typed error (not queued: the editor is looking at the form and can try again,
// and a queued edit could silently overwrite a newer change made on the board meanwhile).
// Each write holds the board's write lease (write-lease.ts: one writer per board across every
// instance) and carries an Idempotency-Key made of the caller's request id and the values, so a
// repeated tap or a retried call is one write on the board.
import { createHash } from 'node:crypto';
import { type WorkerProfile, type WorkerUpdate } from '../../domain/index.js';
import { listProfilePage } from '../profile-pages.js';
import type { WorkerDirectory, WorkerPage } from '../worker-directory.js';
import { changesToColumnValues, columnIdsOf, itemToProfile } from './columns.js';
import type { ProfileField } from './config.js';
import { readBoardLabels, unknownLabels } from './board-columns.js';
import { BoardRejectedError, UnknownLabelsError, UnmappedFieldsError } from './errors.js';
import { type CachedWorker, cachedWorkerOf, readModelOf, writeItems } from './read-model.js';
import { type MondaySyncDeps, readSyncState } from './sync.js';
import { type WriteLeaseOptions, withBoardWriteLease } from './write-lease.js';

/** The read model's database, the board client and the checked configuration. */
export type MondayDirectoryDeps = MondaySyncDeps & { writeLease?: WriteLeaseOptions };

export type UpdateOptions = {
  /**
   * The caller's request id (the callable's requestId): part of the board's Idempotency-Key, so a
   * repeated request with the same values is one write. Without it the key is derived from the
   * item, the cached version and the values.
   */
  requestId?: string;
};

/** A cached worker and how fresh it is: the later of its own copy and the last successful sync. */
export type WorkerWithFreshness = CachedWorker & { freshAt: Date };

const stableJson = (value: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));

const sameValue = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class MondayDirectory implements WorkerDirectory {
  private readonly now: () => Date;

  constructor(private readonly deps: MondayDirectoryDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get workers() {
    return readModelOf(this.deps);
  }

  async findWithFreshness(workerId: string): Promise<WorkerWithFreshness | null> {
    if (!workerId || workerId.includes('/')) return null;
    const [cached, state] = await Promise.all([
      this.workers.doc(workerId).get().then(cachedWorkerOf),
      readSyncState(this.deps.db),
    ]);
    if (!cached) return null;
    const lastSync = state?.lastSuccessAt?.toDate();
    const freshAt = lastSync && lastSync > cached.syncedAt ? lastSync : cached.syncedAt;
    return { ...cached, freshAt };
  }

  async findById(workerId: string): Promise<WorkerProfile | null> {
    if (!workerId || workerId.includes('/')) return null;
    return cachedWorkerOf(await this.workers.doc(workerId).get())?.profile ?? null;
  }

  async findByEmail(email: string): Promise<WorkerProfile | null> {
    const normalised = email.trim().toLowerCase();
    if (!normalised) return null;
    const result = await this.workers.where('emailLower', '==', normalised).limit(1).get();
    const first = result.docs[0];
    return first ? (cachedWorkerOf(first)?.profile ?? null) : null;
  }

  list(options: { limit?: number; pageToken?: string | null } = {}): Promise<WorkerPage> {
    return listProfilePage(this.workers, (snapshot) => cachedWorkerOf(snapshot)?.profile ?? null, options);
  }

  /**
   * Writes the changed fields to the board ('' or null empties a field), then the board's answer
   * to the read model. Null when the worker is not in the read model. Throws a `MondayError`
   * (BoardUnavailableError, BoardRejectedError, UnmappedFieldsError, ...) when the board did not
   * take the edit; the read model is then untouched.
   */
  async update(
    workerId: string,
    changes: WorkerUpdate,
    options: UpdateOptions = {},
  ): Promise<WorkerProfile | null> {
    if (!workerId || workerId.includes('/')) return null;
    const cached = cachedWorkerOf(await this.workers.doc(workerId).get());
    if (!cached) return null;
    const current: Partial<Record<string, unknown>> = cached.profile;
    const changed = Object.fromEntries(
      Object.entries(changes as Record<string, string | null | undefined>).filter(
        ([field, value]) => value !== undefined && !sameValue(value, current[field]),
      ),
    ) as Partial<Record<ProfileField, string | null>>;
    if (Object.keys(changed).length === 0) return cached.profile;

    const { config, client } = this.deps;
    const { columnValues, unmapped } = changesToColumnValues(changed, config.columns);
    if (unmapped.length > 0) throw new UnmappedFieldsError(unmapped);
    const labels = await readBoardLabels(this.deps.db);
    const unknown = labels ? unknownLabels(changed, labels) : [];
    if (unknown.length > 0) throw new UnknownLabelsError(unknown);
    const values = stableJson(columnValues);
    const idempotencyKey = options.requestId
      ? `${options.requestId}-${sha256(`${config.boardId}:${workerId}:${values}`).slice(0, 32)}`
      : sha256(`${config.boardId}:${workerId}:${cached.boardUpdatedAt ?? ''}:${values}`);
    const item = await withBoardWriteLease(
      this.deps.db,
      config.boardId,
      () =>
        client.changeColumnValues(
          config.boardId,
          workerId,
          columnValues,
          idempotencyKey,
          columnIdsOf(config.columns),
        ),
      this.deps.writeLease,
    );
    const mapped = itemToProfile(item, config.columns);
    if (!mapped.ok)
      throw new BoardRejectedError(
        `the board holds item ${workerId} as no valid worker: ${mapped.problems.join('; ')}`,
      );
    await writeItems(this.deps, [item], config.columns, this.now());
    return mapped.profile;
  }
}
