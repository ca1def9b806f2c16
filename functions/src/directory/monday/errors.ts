// Typed failures of the board path, so that callers map each to a clear message (and keep what
// the user typed): `reason` is what the caller switches on.

export type MondayFailureReason =
  /** Down, over its budget or rate limit, or too slow, after the bounded retries. */
  | 'unavailable'
  /** The token was refused (401/403): a configuration problem, never retried. */
  | 'unauthorized'
  /** The board refused the request itself (GraphQL error, bad column value): retrying would not help. */
  | 'rejected'
  /** The edit names a field that has no column on the board. */
  | 'unmapped-fields'
  /** A status or dropdown value that is none of the column's labels (checked before any call). */
  | 'unknown-labels'
  /** A sync stopped before changing the read model: it would have removed too much, or a mapped column is gone. */
  | 'sync-guard';

export class MondayError extends Error {
  override name = 'MondayError';
  constructor(
    readonly reason: MondayFailureReason,
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      retryAfterMs?: number;
      attempts?: number;
      fields?: string[];
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The board could not be reached or kept refusing (429, complexity budget, 5xx, 423, timeouts). */
export class BoardUnavailableError extends MondayError {
  override name = 'BoardUnavailableError';
  constructor(message: string, details: MondayError['details'] = {}, options?: { cause?: unknown }) {
    super('unavailable', message, details, options);
  }
}

export class BoardUnauthorizedError extends MondayError {
  override name = 'BoardUnauthorizedError';
  constructor(message: string, details: MondayError['details'] = {}) {
    super('unauthorized', message, details);
  }
}

export class BoardRejectedError extends MondayError {
  override name = 'BoardRejectedError';
  constructor(message: string, details: MondayError['details'] = {}) {
    super('rejected', message, details);
  }
}

export class UnmappedFieldsError extends MondayError {
  override name = 'UnmappedFieldsError';
  constructor(fields: string[]) {
    super('unmapped-fields', `no board column for: ${fields.join(', ')}`, { fields });
  }
}

export class UnknownLabelsError extends MondayError {
  override name = 'UnknownLabelsError';
  constructor(fields: string[]) {
    super('unknown-labels', `no such label on the board for: ${fields.join(', ')}`, { fields });
  }
}

export class SyncGuardError extends MondayError {
  override name = 'SyncGuardError';
  constructor(message: string) {
    super('sync-guard', message);
  }
}

/** `text` with every occurrence of the secrets replaced, for logs and error messages. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('[redacted]');
  }
  return result;
}
