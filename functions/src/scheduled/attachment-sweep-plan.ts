// The decisions of the attachment sweep, without I/O: which objects it may judge, whose documents
// can refer to them, and what happens to a ticket whose announced files never all arrived.
import { ATTACHMENT_UPLOAD_GRACE_MS } from '../domain/index.js';

/**
 * The folders clients upload attachments to (see storage.rules): `tickets/{uid}/{ticketId}/`,
 * `ticket-updates/{ownerUid}/{ticketId}/`, `bug-reports/{uid}/{requestId}/` and a safety report's
 * photos on their way, `safetyReports/{uid}/{requestId}/`. Tool images, the photos the server keeps
 * (`safetyPhotos/`), a handler's step photos (`safetyReports/steps/...`, one level deeper) and
 * anything else are never swept.
 */
export const ATTACHMENT_PREFIXES = ['tickets/', 'ticket-updates/', 'bug-reports/', 'safetyReports/'] as const;

/**
 * Who can refer to an uploaded object: the ticket of its folder (in the ticket's attachments or
 * in one of its updates), the bug report of its folder, or `nobody` when the folder names an id
 * no document can have.
 */
export type ObjectOwner =
  | { kind: 'ticket'; ticketId: string }
  | { kind: 'bugReport'; uid: string; requestId: string }
  | { kind: 'nobody' };

const isPathSegment = (segment: string | undefined): segment is string =>
  segment !== undefined && segment !== '' && segment !== '.' && segment !== '..';

/** Whether Firestore accepts `id` as a document id (not `__...__`, at most 1500 bytes). */
const isDocumentId = (id: string) => !/^__.*__$/.test(id) && new TextEncoder().encode(id).length <= 1500;

/**
 * The owner of an object at `path`, or null when the path is not in the shape of an upload
 * folder's file (those are left alone: no client can write them, so the sweep does not judge them).
 */
export function ownerOfObject(path: string): ObjectOwner | null {
  const segments = path.split('/');
  if (segments.length !== 4) return null;
  const [root, uid, id, fileName] = segments;
  if (!isPathSegment(uid) || !isPathSegment(id) || !isPathSegment(fileName)) return null;
  if (root === 'tickets' || root === 'ticket-updates') {
    return isDocumentId(id) ? { kind: 'ticket', ticketId: id } : { kind: 'nobody' };
  }
  if (root === 'bug-reports') return { kind: 'bugReport', uid, requestId: id };
  // submitSafetyReport moves a report's photos out of the upload folder, so whatever is still
  // there after the grace period (a report never sent, a move that copied but did not delete)
  // belongs to nobody.
  if (root === 'safetyReports') return { kind: 'nobody' };
  return null;
}

/** One key per owner, to read each owner's documents once. */
export function ownerKey(owner: ObjectOwner): string {
  if (owner.kind === 'ticket') return `ticket/${owner.ticketId}`;
  if (owner.kind === 'bugReport') return `bug-report/${owner.uid}/${owner.requestId}`;
  return 'nobody';
}

/** Whether something made at `createdAt` has had its grace period by `now` (all in milliseconds). */
export function isPastGrace(createdAt: number, now: number, graceMs = ATTACHMENT_UPLOAD_GRACE_MS): boolean {
  return now - createdAt >= graceMs;
}

/** A ticket's declaration as stored: files announced at submission, files attached, creation time. */
export type Declaration = { declared: number; arrived: number; createdAt: number };

/**
 * What settling a declaration writes: `declaredAttachments` back to 0 (nothing more is awaited),
 * and, when fewer files arrived than were announced, an activity entry saying so, so staff know
 * the files are not coming. Null while nothing is declared or the grace period is still running.
 */
export type Settlement = {
  update: { declaredAttachments: 0 };
  activity: { field: 'declaredAttachments'; from: number; to: 0 } | null;
};

export function settleDeclaration(
  ticket: Declaration,
  now: number,
  graceMs = ATTACHMENT_UPLOAD_GRACE_MS,
): Settlement | null {
  if (ticket.declared <= 0 || !isPastGrace(ticket.createdAt, now, graceMs)) return null;
  const isShort = ticket.arrived < ticket.declared;
  return {
    update: { declaredAttachments: 0 },
    activity: isShort ? { field: 'declaredAttachments', from: ticket.declared, to: 0 } : null,
  };
}
