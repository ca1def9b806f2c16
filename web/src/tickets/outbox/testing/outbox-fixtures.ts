import type { TicketSubmission } from '@domain';
import { OUTBOX_VERSION, type OutboxEntry, type OutboxFile } from '../outbox-entry';

// Outbox entries as the form would have queued them, for the outbox tests: a car damage report
// of account u-foreman, waiting, with no files unless a test gives some.

export const UID = 'u-foreman';

/** A valid car damage submission with request id `requestId`. */
export function carSubmission(
  requestId: string,
  description = 'Dented bumper at the gate',
): TicketSubmission {
  return {
    requestId,
    category: 'car',
    subcategory: 'damage',
    description,
    carPlate: 'PO 5TX21',
    attachments: [],
  };
}

/** A small file, as a worker would pick it. */
export function photo(name = 'bumper.jpg', type = 'image/jpeg', content = 'jpeg'): File {
  return new File([content], name, { type, lastModified: 1_700_000_000_000 });
}

/** How an entry keeps `file`. */
export function outboxFile(file: File): OutboxFile {
  return { name: file.name, type: file.type, lastModified: file.lastModified, blob: file };
}

/** A waiting entry of u-foreman queued at 22 Nov 2026, 07:45 (local time); `patch` changes it. */
export function outboxEntry(patch: Partial<OutboxEntry> & { id?: string } = {}): OutboxEntry {
  const id = patch.id ?? 'req-0001';
  return {
    version: OUTBOX_VERSION,
    id,
    uid: UID,
    queuedAt: new Date(2026, 10, 22, 7, 45).getTime(),
    submission: carSubmission(id),
    files: [],
    status: 'waiting',
    attempts: 0,
    ...patch,
  };
}
