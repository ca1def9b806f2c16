/**
 * A client-generated id that makes one request idempotent (the domain's requestIdSchema:
 * 8-64 of A-Z, a-z, 0-9, _ and -): made once per form or dialog and kept across its retries, so
 * the server does the work once however often the request arrives.
 */
export function newRequestId(): string {
  return crypto.randomUUID();
}
