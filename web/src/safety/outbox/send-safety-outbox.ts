import type { StoredAttachment } from '@domain';
import type { SubmitSafetyReportResponse } from '@domain/callables';
import { callableErrorOf } from '../../lib/callable-keys';
import { filesOf, isConnectionFailure, isFilesRefusal, refusalOf } from '../../lib/outbox/outbox-record';
import { type RecordStep, type RoundReport, sendRound } from '../../lib/outbox/record-store';
import type { SubmitSafetyReportRequest } from '../domain';
import type { SafetyOutboxEntry } from './safety-outbox-entry';
import { type SafetyOutboxStore, safetyOutbox } from './safety-outbox-store';

// Sends the danger reports waiting on the phone, oldest first, each exactly once: its photos are
// uploaded to the reporter's folder of its request (each remembered once stored, so a retry uploads
// only the rest), then submitSafetyReport goes with the report's own request id, so a call that
// reached the server before the connection dropped answers the same report the second time. A
// connection failure stops the round (the rest would fail too) and leaves the entry waiting; a
// refusal by the server marks the entry with the reason.

export type SafetyOutboxDeps = {
  store: SafetyOutboxStore;
  upload: (uid: string, requestId: string, photo: File) => Promise<StoredAttachment>;
  submit: (request: SubmitSafetyReportRequest) => Promise<SubmitSafetyReportResponse>;
  isOnline: () => boolean;
};

/** A report that left the phone: its request id and what the server answered. */
export type SentSafetyReport = SubmitSafetyReportResponse & { requestId: string };

/** What one round sent and had refused, and whether reports still wait for a connection. */
export type SafetyOutboxReport = RoundReport<SafetyOutboxEntry, SentSafetyReport>;

type Step = RecordStep<SafetyOutboxEntry, SentSafetyReport>;

const PHOTO_MISSING_KEY = 'safety.errors.photoMissing';

/** The photo paths the server did not find; all of them when it named none. */
function missingPaths(error: unknown): string[] | null {
  const paths = (error as { details?: { paths?: unknown } } | null)?.details?.paths;
  return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : null;
}

/** Sends one entry, already marked as being sent (so nobody removes it meanwhile). */
async function sendEntry(start: SafetyOutboxEntry, deps: SafetyOutboxDeps): Promise<Step> {
  const { store } = deps;
  let entry = start;
  const keepWaiting = async (): Promise<Step> => {
    await safetyOutbox.save(store, { ...entry, status: 'waiting', attempts: entry.attempts + 1 });
    return { kind: 'noConnection' };
  };
  const refuse = async (refusal: SafetyOutboxEntry['refusal']): Promise<Step> => {
    const refused: SafetyOutboxEntry = { ...entry, status: 'refused', refusal };
    await safetyOutbox.save(store, refused);
    return { kind: 'refused', record: refused };
  };

  const photos = filesOf(entry.photos);
  for (const [index, photo] of photos.entries()) {
    if (entry.photos[index]?.stored) continue;
    try {
      const stored = await deps.upload(entry.uid, entry.id, photo);
      entry = {
        ...entry,
        photos: entry.photos.map((kept, at) => (at === index ? { ...kept, stored } : kept)),
      };
      await safetyOutbox.save(store, entry);
    } catch (error) {
      if (isFilesRefusal(error, deps.isOnline())) return refuse({ key: 'safety.outbox.photosRefused' });
      return keepWaiting();
    }
  }

  let answer: SubmitSafetyReportResponse;
  try {
    const stored = entry.photos.flatMap((photo) => (photo.stored ? [photo.stored] : []));
    answer = await deps.submit({ ...entry.report, photos: stored });
  } catch (error) {
    const failure = callableErrorOf('submitSafetyReport', error);
    if (isConnectionFailure(failure, deps.isOnline())) return keepWaiting();
    if (failure.messageKey === PHOTO_MISSING_KEY) {
      // Swept from the upload folder while the report waited: upload those again next round.
      const missing = missingPaths(failure.cause);
      entry = {
        ...entry,
        photos: entry.photos.map(({ stored, ...photo }) =>
          stored && missing && !missing.includes(stored.path) ? { ...photo, stored } : photo,
        ),
      };
      return keepWaiting();
    }
    const refusal = refusalOf(failure, 'safety.outbox.invalid');
    return refusal ? refuse(refusal) : keepWaiting();
  }
  await store.delete(entry.id);
  safetyOutbox.announce();
  return { kind: 'sent', sent: { ...answer, requestId: entry.id } };
}

/**
 * One round of sending the account's waiting reports in this tab (lib/outbox/record-store.ts,
 * sendRound): refused entries wait for the worker (try again or remove); an entry left "sending"
 * by a tab that closed mid-way is sent again (same request id; stored photos are not uploaded twice).
 */
export const sendSafetyOutboxRound = (uid: string, deps: SafetyOutboxDeps): Promise<SafetyOutboxReport> =>
  sendRound(safetyOutbox, deps.store, uid, deps.isOnline, (entry) => sendEntry(entry, deps));
