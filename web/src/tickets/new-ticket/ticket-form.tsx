import {
  DESCRIPTION_MAX_CHARS,
  TICKET_FORM_SCHEMAS,
  type StoredAttachment,
  dayRangeErrors,
  isAttachmentRequired,
  type TicketCategoryId,
  type TicketSubmission,
} from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { TOO_MANY_REQUESTS_KEY, tooManyRequestsValues } from '../../lib/callable-failure';
import { useNotices } from '../../notices';
import {
  type SubmitTicketResponse,
  attachTicketFiles,
  newRequestId,
  submitTicket,
  toSubmitFailure,
  uploadTicketFile,
} from '../api/submit-ticket';
import type { CategoryForm, CategoryFormContext } from './category-form';
import { DraftNotice } from './draft-notice';
import { TextAreaField } from './fields';
import { type DraftOwner, readDraft } from './ticket-draft';
import { type UploadEntry, UploadProgress } from './upload-progress';
import { useDraftSaving, useDraftStore, useStoredDraft } from './use-ticket-draft';
import { isConnectionFailure, toOutboxEntry } from '../outbox/outbox-entry';
import { registerOutboxSync, requestOutboxSend } from '../outbox/outbox-sender';
import { saveOutboxEntry } from '../outbox/outbox-store';
import { useOutboxStore } from '../outbox/use-outbox';
import { logger } from '../../lib/logger';
import { Button, buttonClassName } from '../../components/ui/button';
import { FilePicker, type PickedFile } from '../../components/ui/file-picker';
import { ResultPanel } from '../../components/ui/result-panel';
import { Spinner } from '../../components/ui/spinner';
import type { DraftStore } from '../../lib/drafts/draft-store';
import './upload-progress.css';

type FormValues = Record<string, unknown>;

export type TicketFormProps = {
  category: TicketCategoryId;
  subcategory: string;
  form: CategoryForm;
  /** Today as `YYYY-MM-DD`; defaults to the device's day. */
  today?: string;
};

type Phase = 'editing' | 'submitting' | 'queued' | 'uploading' | 'uploadFailed' | 'done';

const attachmentMeta = ({ file }: PickedFile) => ({
  name: file.name,
  size: file.size,
  contentType: file.type,
});

/**
 * The new-ticket form shell: the category's fields plus description and files, validated by the
 * category's domain schema. Submitting calls submitTicket with a request id that survives
 * retries (one ticket however often the worker taps), then uploads the files with progress and
 * lets the worker retry the ones that failed; the ticket is kept either way. Nothing typed is
 * lost on a failure: the form is only left behind once the ticket exists. What is typed is also
 * kept on the device as a draft of this account (use-ticket-draft.ts), read here before the form
 * opens so a reload or a crash brings it back. With no connection, the ticket goes to the outbox
 * on the device with its files (tickets/outbox) and is sent by itself when the connection returns.
 */
export function TicketForm(props: TicketFormProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const store = useDraftStore();
  const uid = user?.uid;
  const { category, subcategory } = props;
  const owner = useMemo(() => (uid ? { uid, category, subcategory } : null), [uid, category, subcategory]);
  const stored = useStoredDraft(store, owner);
  if (stored.isLoading) return <Spinner isBlock label={t('common.loading')} />;
  return <TicketFormBody {...props} store={store} owner={owner} storedDraft={stored.record} />;
}

type TicketFormBodyProps = TicketFormProps & {
  store: DraftStore | null;
  owner: DraftOwner | null;
  /** What the device holds for this account and form; checked before it refills anything. */
  storedDraft: unknown;
};

function TicketFormBody({
  category,
  subcategory,
  form,
  today: todayOverride,
  store,
  owner,
  storedDraft,
}: TicketFormBodyProps) {
  const { t } = useTranslation();
  const notices = useNotices();
  const { user } = useAuth();
  const today = todayOverride ?? dayjs().format('YYYY-MM-DD');
  const context: CategoryFormContext = useMemo(
    () => ({ subcategory, today, worker: user?.profile?.worker ?? null }),
    [subcategory, today, user],
  );
  const [requestId] = useState(newRequestId);
  const [pristine] = useState(() => ({ description: '', ...form.defaultValues(context) }));
  const [restored, setRestored] = useState(() => (owner ? readDraft(storedDraft, owner, pristine) : null));
  const [files, setFiles] = useState<PickedFile[]>(() => restored?.files ?? []);
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const [phase, setPhase] = useState<Phase>('editing');
  const [created, setCreated] = useState<SubmitTicketResponse | null>(null);
  const outbox = useOutboxStore();

  const methods = useForm<FormValues>({
    resolver: zodResolver(TICKET_FORM_SCHEMAS[category]) as unknown as Resolver<FormValues>,
    defaultValues: {
      requestId,
      category,
      subcategory,
      attachments: [],
      ...pristine,
      ...restored?.values,
    },
  });
  const { setValue, setError, formState } = methods;
  const drafts = useDraftSaving({
    store,
    owner,
    methods,
    files,
    pristine,
    hasStoredDraft: restored !== null,
  });

  const discardDraft = () => {
    drafts.discard();
    methods.reset({ requestId, category, subcategory, attachments: [], ...pristine });
    setFiles([]);
    setRestored(null);
    notices.info(t('tickets.drafts.discarded'));
  };
  const hasMedicalCertificate = useWatch({ control: methods.control, name: 'hasMedicalCertificate' });

  // The schema checks the attachments' metadata; the File objects stay here.
  useEffect(() => {
    setValue('attachments', files.map(attachmentMeta), { shouldValidate: formState.isSubmitted });
  }, [files, setValue, formState.isSubmitted]);

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
        await attachTicketFiles(
          ticketId,
          toRecord.map((entry) => entry.stored),
        );
        recordedKeys = new Set(toRecord.map((entry) => entry.key));
      } catch (error) {
        // The files are in Storage; a retry records them without uploading again. Over the
        // account's limits (attachments an hour, files a day) it says how long to wait.
        tooManyWait = tooManyRequestsValues(error);
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
    drafts.finish();
    setPhase('queued');
    notices.info(t('tickets.outbox.queuedNotice'));
    registerOutboxSync();
    requestOutboxSend();
    return true;
  };

  const onValid = async (values: FormValues) => {
    const outOfRange = dayRangeErrors(values, today);
    if (Object.keys(outOfRange).length > 0) {
      for (const [path, message] of Object.entries(outOfRange)) {
        setError(path as FieldPath<FormValues>, { type: 'range', message }, { shouldFocus: true });
      }
      return;
    }
    setPhase('submitting');
    const submission = values as TicketSubmission;
    // Known to be offline: straight to the outbox, without waiting for the call to fail.
    if (!navigator.onLine && (await queue(submission))) return;
    let result: SubmitTicketResponse;
    try {
      result = await submitTicket(submission);
    } catch (error) {
      if (isConnectionFailure(error, navigator.onLine) && (await queue(submission))) return;
      setPhase('editing');
      const failure = toSubmitFailure(error);
      switch (failure.kind) {
        case 'invalid':
          for (const [path, message] of Object.entries(failure.fields)) {
            setError(path as FieldPath<FormValues>, { type: 'server', message });
          }
          notices.error(t('tickets.form.invalid'));
          return;
        case 'periodTaken':
          setError('period', { type: 'server', message: 'tickets.presalary.periodTaken' });
          notices.error(t('tickets.presalary.periodTaken'));
          return;
        case 'forbidden':
          notices.error(t('tickets.errors.forbidden'));
          return;
        case 'offline':
          notices.error(t('tickets.form.offline'));
          return;
        case 'unauthenticated':
          notices.error(t('auth.errors.sessionFailed'));
          return;
        case 'tooManyRequests':
          notices.error(t(TOO_MANY_REQUESTS_KEY, failure.values));
          return;
        default:
          notices.error(t(form.submitFailedKey ?? 'tickets.form.submitFailed'));
          return;
      }
    }
    // The ticket exists: its draft is done with, whatever happens to the uploads.
    drafts.finish();
    setCreated(result);
    if (files.length === 0) {
      finish(result);
      return;
    }
    const entries = files.map(({ key, file }): UploadEntry => ({ key, file, percent: 0, status: 'pending' }));
    setUploads(entries);
    await uploadAll(result, entries);
  };

  if (phase === 'queued') {
    return (
      <ResultPanel
        status="info"
        title={t('tickets.outbox.queuedTitle')}
        subTitle={t('tickets.outbox.queuedText')}
        extra={
          <>
            <Link to="/ticket-history" className={buttonClassName({ variant: 'primary' })}>
              {t('tickets.outbox.toHistory')}
            </Link>
            <Link to="/new-ticket" className={buttonClassName({})}>
              {t('tickets.form.another')}
            </Link>
          </>
        }
      />
    );
  }

  if (phase === 'done' && created) {
    return (
      <ResultPanel
        status="success"
        title={t('tickets.form.doneTitle', { number: created.number })}
        subTitle={t('tickets.form.doneText')}
        extra={
          <>
            <Link to={`/ticket/${created.ticketId}`} className={buttonClassName({ variant: 'primary' })}>
              {t('tickets.form.viewTicket')}
            </Link>
            <Link to="/new-ticket" className={buttonClassName({})}>
              {t('tickets.form.another')}
            </Link>
          </>
        }
      />
    );
  }

  if ((phase === 'uploading' || phase === 'uploadFailed') && created) {
    return (
      <div className="upload-phase">
        <ResultPanel
          status={phase === 'uploadFailed' ? 'warning' : 'info'}
          title={t('tickets.form.createdTitle', { number: created.number })}
          subTitle={t(phase === 'uploadFailed' ? 'tickets.form.uploadFailed' : 'tickets.form.uploading')}
        />
        <UploadProgress entries={uploads} />
        <div className="button-row">
          <Button
            variant="primary"
            isLoading={phase === 'uploading'}
            disabled={phase === 'uploading'}
            onClick={() => void uploadAll(created, uploads)}
          >
            {t('tickets.form.retryUploads')}
          </Button>
          <Link to={`/ticket/${created.ticketId}`}>
            <Button>{t('tickets.form.viewTicket')}</Button>
          </Link>
        </div>
      </div>
    );
  }

  const isBusy = phase === 'submitting';
  const attachmentsError = formState.errors.attachments;
  return (
    <FormProvider {...methods}>
      <form
        noValidate
        aria-label={t('tickets.form.label')}
        onSubmit={(event) => void methods.handleSubmit(onValid)(event)}
      >
        {drafts.hasDraft && (
          <DraftNotice savedAt={restored?.savedAt} isDisabled={isBusy} onDiscard={discardDraft} />
        )}
        <form.Fields {...context} />
        <TextAreaField
          name="description"
          label={t('tickets.form.description')}
          hint={form.descriptionHintKey ? t(form.descriptionHintKey) : undefined}
          isRequired
          maxLength={DESCRIPTION_MAX_CHARS}
        />
        <FilePicker
          files={files}
          onChange={setFiles}
          isRequired={isAttachmentRequired(category, subcategory, hasMedicalCertificate)}
          isDisabled={isBusy}
          error={typeof attachmentsError?.message === 'string' ? attachmentsError.message : undefined}
        />
        <Button variant="primary" type="submit" size="middle" isLoading={isBusy} disabled={isBusy} isBlock>
          {t('tickets.form.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
