import {
  DESCRIPTION_MAX_CHARS,
  TICKET_FORM_SCHEMAS,
  dayRangeErrors,
  isAttachmentRequired,
  type TicketCategoryId,
  type TicketSubmission,
} from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { useNotices } from '../../notices';
import { newRequestId } from '../api/submit-ticket';
import type { CategoryForm, CategoryFormContext } from './category-form';
import { DraftNotice } from './draft-notice';
import { TextAreaField } from './fields';
import { OfflineFormNote } from './offline-form-note';
import { SubmissionResult } from './submission-result';
import { type DraftOwner, readDraft } from './ticket-draft';
import { useDraftSaving, useDraftStore, useStoredDraft } from './use-ticket-draft';
import { useTicketSubmission } from './use-ticket-submission';
import { DuplicateWarning, ServiceLevelNote } from './follow-through-notes';
import { findOpenDuplicate } from '../api/follow-through';
import type { OpenTicketLike } from '@domain';
import { Button } from '../../components/ui/button';
import { FilePicker, type PickedFile } from '../../components/ui/file-picker';
import { Spinner } from '../../components/ui/spinner';
import type { DraftStore } from '../../lib/drafts/draft-store';

type FormValues = Record<string, unknown>;

export type TicketFormProps = {
  category: TicketCategoryId;
  subcategory: string;
  form: CategoryForm;
  /** Today as `YYYY-MM-DD`; defaults to the device's day. */
  today?: string;
};

const attachmentMeta = ({ file }: PickedFile) => ({
  name: file.name,
  size: file.size,
  contentType: file.type,
});

/**
 * The new-ticket form shell: the category's fields plus description and files, validated by the
 * category's domain schema. Submitting (use-ticket-submission.ts) calls submitTicket with a request id that survives
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
  const uid = user?.uid;
  const today = todayOverride ?? dayjs().format('YYYY-MM-DD');
  const context: CategoryFormContext = useMemo(
    () => ({ subcategory, today, worker: user?.profile?.worker ?? null }),
    [subcategory, today, user],
  );
  const [requestId] = useState(newRequestId);
  const [pristine] = useState(() => ({ description: '', ...form.defaultValues(context) }));
  const [restored, setRestored] = useState(() => (owner ? readDraft(storedDraft, owner, pristine) : null));
  const [files, setFiles] = useState<PickedFile[]>(() => restored?.files ?? []);
  // An open ticket of the same kind found before sending; null: none found, or "Send anyway".
  const [duplicate, setDuplicate] = useState<OpenTicketLike | null>(null);
  // Set by "Send anyway" before its submit runs (a ref: the same tap's submit must see it).
  const isDuplicateAccepted = useRef(false);
  const [isChecking, setIsChecking] = useState(false);

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
  const submission = useTicketSubmission({
    files,
    submitFailedKey: form.submitFailedKey,
    setFieldError: (path, message) => setError(path as FieldPath<FormValues>, { type: 'server', message }),
    onSubmitted: drafts.finish,
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

  const onValid = async (values: FormValues) => {
    const outOfRange = dayRangeErrors(values, today);
    if (Object.keys(outOfRange).length > 0) {
      for (const [path, message] of Object.entries(outOfRange)) {
        setError(path as FieldPath<FormValues>, { type: 'range', message }, { shouldFocus: true });
      }
      return;
    }
    if (!isDuplicateAccepted.current && uid) {
      setIsChecking(true);
      const found = await findOpenDuplicate(uid, {
        category,
        subcategory,
        period: typeof values.period === 'string' ? values.period : null,
      });
      setIsChecking(false);
      if (found) {
        setDuplicate(found);
        return;
      }
    }
    await submission.submit(values as TicketSubmission);
  };
  const sendAnyway = () => {
    isDuplicateAccepted.current = true;
  };

  if (submission.phase !== 'editing' && submission.phase !== 'submitting') {
    return <SubmissionResult {...submission} />;
  }

  const isBusy = submission.phase === 'submitting' || isChecking;
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
        <OfflineFormNote />
        {duplicate ? (
          <DuplicateWarning ticket={duplicate} isBusy={isBusy} onSendAnyway={sendAnyway} />
        ) : (
          <>
            <ServiceLevelNote category={category} subcategory={subcategory} />
            <Button
              variant="primary"
              type="submit"
              size="middle"
              isLoading={isBusy}
              disabled={isBusy}
              isBlock
            >
              {t('tickets.form.submit')}
            </Button>
          </>
        )}
      </form>
    </FormProvider>
  );
}
