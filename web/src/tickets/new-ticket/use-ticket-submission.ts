import type { StoredAttachment, TicketSubmission } from '@domain';
import type { SubmitTicketResponse } from '@domain/callables';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { call } from '../../lib/call';
import { TOO_MANY_REQUESTS_KEY, tooManyRequestsOf } from '../../lib/callable-failure';
import { callableErrorOf, failureKeyOf } from '../../lib/callable-keys';
import { isOnline } from '../../lib/connectivity';
import { logger } from '../../lib/logger';
import { useNotices } from '../../notices';
import type { PickedFile } from '../../components/ui/file-picker';
import { uploadTicketFile } from '../api/submit-ticket';
import { isConnectionFailure, toOutboxEntry } from '../outbox/outbox-entry';
import { registerOutboxSync, requestOutboxSend } from '../outbox/outbox-sender';
import { saveOutboxEntry } from '../outbox/outbox-store';
import { useOutboxStore } from '../outbox/use-outbox';
import type { UploadEntry } from './upload-progress';

/**
 * Where a submission stands: being edited, on its way, waiting in the outbox, its files uploading
 * or some of them failed (the ticket exists either way), or done.
 */
export type SubmissionPhase = 'editing' | 'submitting' | 'queued' | 'uploading' | 'uploadFailed' | 'done';

/** The server's refusal of a pre-salary period already asked for: said on the period field. */
const PERIOD_TAKEN_KEY = 'tickets.presalary.periodTaken';

export type TicketSubmissionOptions = {
  /** The picked files: uploaded once the ticket exists, or kept with it in the outbox. */
  files: PickedFile[];
  /** The category's text for a failed submission; tickets.form.submitFailed when it has none. */
  submitFailedKey?: string;
  /** Marks a field with the server's message (a translation key). */
  setFieldError: (path: string, message: string) => void;
  /** The ticket exists or waits in the outbox: its draft is done with. */
  onSubmitted: () => void;
};

export type TicketSubmissionState = {
  phase: SubmissionPhase;
  /** The created ticket, once it exists. */
  created: SubmitTicketResponse | null;
  /** The files' uploads, once the ticket exists. */
  uploads: UploadEntry[];
  /** Sends the checked submission; never throws (a failure is said in a notice and on the fields). */
  submit: (submission: TicketSubmission) => Promise<void>;
  /** Uploads the files that failed, and records them on the ticket. */
  retryUploads: () => void;
};

/**
 * Sending a new ticket: submitTicket with the submission's request id (one ticket however often
 * the worker taps), then the files uploaded with progress and recorded on the ticket
 * (attachTicketFiles), with a retry of the ones that failed; the ticket is kept either way. With no
 * connection the ticket goes to the outbox with its files (tickets/outbox) and is sent by itself
 * when the connection returns. A refusal leaves the phase at `editing`, so nothing typed is lost.
 */
export function useTicketSubmission({
  files,
  submitFailedKey,
  setFieldError,
  onSubmitted,
}: TicketSubmissionOptions): TicketSubmissionState {
  const { t } = useTranslation();
  const notices = useNotices();
  const { user } = useAuth();
  const outbox = useOutboxStore();
  const [phase, setPhase] = useState<SubmissionPhase>('editing');
  const [created, setCreated] = useState<SubmitTicketResponse | null>(null);
  const [uploads, setUploads] = useState<UploadEntry[]>([]);

  const finish = (result: SubmitTicketResponse) => {
    setPhase('done');
    notices.success(t('tickets.form.submitted', { number: result.number }));
  };

  /** Uploads what is not uploaded yet, then records every uploaded, unrecorded file on the ticket. */
  const uploadAll = async (ticket: SubmitTicketResponse, entries: UploadEntry[]) => {
    if (!user) return;
    const { ticketId } = ticket;
    setPhase('uploading');
    const setEntry = (key: string, patch: Partial<UploadEntry>) =>
      setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
    const uploaded = await Promise.all(
      entries.map(async (entry): Promise<UploadEntry> => {
        if (entry.stored) return entry;
        setEntry(entry.key, { status: 'uploading', percent: 0 });
        try {
          const stored = await uploadTicketFile(user.uid, ticketId, entry.file, (percent) =>
            setEntry(entry.key, { percent }),
          );
          return { ...entry, stored, percent: 100 };
        } catch {
          setEntry(entry.key, { status: 'failed' });
          return { ...entry, status: 'failed' };
        }
      }),
    );
    const toRecord = uploaded.filter(
      (entry): entry is UploadEntry & { stored: StoredAttachment } =>
        !!entry.stored && entry.status !== 'done',
    );
    let recordedKeys = new Set<string>();
    let tooManyWait: { count: number } | null = null;
    if (toRecord.length > 0) {
      try {
        await call('attachTicketFiles', { ticketId, files: toRecord.map((entry) => entry.stored) });
        recordedKeys = new Set(toRecord.map((entry) => entry.key));
      } catch (error) {
        // The files are in Storage; a retry records them without uploading again. Over the
        // account's limits (attachments an hour, files a day) it says how long to wait.
        tooManyWait = tooManyRequestsOf(error);
      }
    }
    const final = uploaded.map((entry): UploadEntry => {
      if (entry.status === 'done' || recordedKeys.has(entry.key))
        return { ...entry, status: 'done', percent: 100 };
      return { ...entry, status: 'failed' };
    });
    setUploads(final);
    if (final.some((entry) => entry.status === 'failed')) {
      setPhase('uploadFailed');
      notices.error(tooManyWait ? t(TOO_MANY_REQUESTS_KEY, tooManyWait) : t('tickets.form.uploadFailed'));
      return;
    }
    finish(ticket);
  };

  /**
   * Puts the submission with its files in the outbox; false when the device cannot keep it (no
   * IndexedDB, storage full), and then the form stays as it is with the "no connection" message.
   */
  const queue = async (submission: TicketSubmission): Promise<boolean> => {
    if (!user || !outbox) return false;
    try {
      const entry = toOutboxEntry(
        user.uid,
        submission,
        files.map(({ file }) => file),
        Date.now(),
      );
      await saveOutboxEntry(outbox, entry);
    } catch (error) {
      logger.warn('Could not put the ticket in the outbox', error);
      return false;
    }
    onSubmitted();
    setPhase('queued');
    notices.info(t('tickets.outbox.queuedNotice'));
    registerOutboxSync();
    requestOutboxSend();
    return true;
  };

  /** Says why the server did not take the ticket: on the fields it names, and in a notice. */
  const refused = (error: unknown) => {
    const failure = callableErrorOf('submitTicket', error);
    if (failure.code === 'invalid-argument') {
      for (const [path, message] of Object.entries(failure.fields)) setFieldError(path, message);
      notices.error(t('tickets.form.invalid'));
      return;
    }
    if (failure.messageKey === PERIOD_TAKEN_KEY) setFieldError('period', PERIOD_TAKEN_KEY);
    const isUnexplained = failure.messageKey === failureKeyOf('submitTicket');
    const messageKey = isUnexplained ? (submitFailedKey ?? 'tickets.form.submitFailed') : failure.messageKey;
    notices.error(t(messageKey, failure.values));
  };

  const submit = async (submission: TicketSubmission) => {
    setPhase('submitting');
    // Known to be offline (no signal, or a Wi-Fi with no way out): straight to the outbox, without
    // waiting for the call to fail.
    if (!isOnline() && (await queue(submission))) return;
    let result: SubmitTicketResponse;
    try {
      result = await call('submitTicket', submission);
    } catch (error) {
      if (isConnectionFailure(error, isOnline()) && (await queue(submission))) return;
      setPhase('editing');
      refused(error);
      return;
    }
    // The ticket exists: its draft is done with, whatever happens to the uploads.
    onSubmitted();
    setCreated(result);
    if (files.length === 0) {
      finish(result);
      return;
    }
    const entries = files.map(({ key, file }): UploadEntry => ({ key, file, percent: 0, status: 'pending' }));
    setUploads(entries);
    await uploadAll(result, entries);
  };

  const retryUploads = () => {
    if (created) void uploadAll(created, uploads);
  };

  return { phase, created, uploads, submit, retryUploads };
}
