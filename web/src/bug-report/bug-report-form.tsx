import {
  BUG_REPORT_LIMITS,
  type BugReportFormData,
  type BugReportFormValues,
  type StoredAttachment,
  bugReportFormSchema,
} from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth/auth-context';
import { call } from '../lib/call';
import { TOO_MANY_REQUESTS_KEY, isCallableError, tooManyRequestsOf } from '../lib/callable-failure';
import { useNotices } from '../notices';
import { bugReportFilePath, newRequestId, uploadBugReportFile } from './api';
import { Button } from '../components/ui/button';
import { FilePicker, type PickedFile } from '../components/ui/file-picker';
import { FIELD_CLASSES, FormField } from '../components/ui/form-field';
import { TextInput } from '../components/ui/text-input';
import { TextArea } from '../components/ui/text-area';
import './bug-report-form.css';
import { FormTextField } from '../components/form-text-field';

export type BugReportFormProps = {
  /** The page the report is about, pre-filled and editable. */
  initialPage: string;
  /** Attached automatically and shown read-only. */
  browser: string;
  appVersion: string;
  onSubmitted: (reportId: string) => void;
};

type TextFieldName = 'page' | 'description' | 'steps' | 'expected' | 'actual';
const TEXT_FIELDS: readonly string[] = ['page', 'description', 'steps', 'expected', 'actual'];

type TextFieldProps = {
  control: Control<BugReportFormValues, unknown, BugReportFormData>;
  name: TextFieldName;
  label: string;
  hint?: ReactNode;
  isRequired?: boolean;
  isMultiline?: boolean;
  maxLength: number;
};

/** One text row of this form (FormTextField), its id and text-area height this form's own. */
function TextField({ isMultiline, ...props }: TextFieldProps) {
  return <FormTextField {...props} id={`bug-report-${props.name}`} rows={isMultiline ? 3 : undefined} />;
}

/** The field keys of the callable's invalid-argument answer, else none (an upload failed, say). */
function serverFieldErrors(error: unknown): Record<string, string> {
  return isCallableError(error) && error.code === 'invalid-argument' ? error.fields : {};
}

const attachmentMeta = ({ file }: PickedFile) => ({
  name: file.name,
  size: file.size,
  contentType: file.type,
});

/**
 * The bug report form, checked by the domain's form schema. Sending uploads the chosen files to
 * the reporter's folder of this request, then calls submitBugReport with a request id that
 * survives retries (one report however often the worker taps). A file uploaded by an earlier
 * attempt is not uploaded again. On a failure nothing typed or chosen is lost.
 */
export function BugReportForm({ initialPage, browser, appVersion, onSubmitted }: BugReportFormProps) {
  const { t } = useTranslation();
  const notices = useNotices();
  const { user } = useAuth();
  const [requestId] = useState(newRequestId);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  // Picked file key -> its upload, kept across attempts.
  const uploaded = useRef(new Map<string, StoredAttachment>());

  const { control, handleSubmit, setValue, setError, formState } = useForm<
    BugReportFormValues,
    unknown,
    BugReportFormData
  >({
    resolver: zodResolver(bugReportFormSchema),
    defaultValues: {
      requestId,
      page: initialPage,
      description: '',
      steps: '',
      expected: '',
      actual: '',
      browser,
      appVersion,
      attachments: [],
    },
  });

  // The schema checks the attachments' metadata; the File objects stay here.
  useEffect(() => {
    setValue('attachments', files.map(attachmentMeta), { shouldValidate: formState.isSubmitted });
  }, [files, setValue, formState.isSubmitted]);

  /** Uploads what no earlier attempt uploaded; fails when any file fails, keeping the others. */
  const uploadFiles = async (uid: string): Promise<StoredAttachment[]> => {
    const results = await Promise.allSettled(
      files.map(async ({ key, file }) => {
        const done = uploaded.current.get(key);
        if (done) return done;
        const stored = await uploadBugReportFile(bugReportFilePath(uid, requestId, file), file);
        uploaded.current.set(key, stored);
        return stored;
      }),
    );
    return results.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
  };

  const onValid = async (values: BugReportFormData) => {
    if (!user) return;
    setIsBusy(true);
    try {
      const attachments = await uploadFiles(user.uid);
      const { reportId } = await call('submitBugReport', { ...values, attachments });
      notices.success(t('bugReport.submitted'));
      onSubmitted(reportId);
    } catch (error) {
      for (const [path, message] of Object.entries(serverFieldErrors(error))) {
        if (path.startsWith('attachments')) setError('attachments', { type: 'server', message });
        else if (TEXT_FIELDS.includes(path)) setError(path as TextFieldName, { type: 'server', message });
      }
      const tooMany = tooManyRequestsOf(error);
      notices.error(tooMany ? t(TOO_MANY_REQUESTS_KEY, tooMany) : t('bugReport.errors.submitFailed'));
      setIsBusy(false);
    }
  };

  const attachmentsError = formState.errors.attachments?.message;
  const textLimit = BUG_REPORT_LIMITS.TEXT_MAX_CHARS;
  return (
    <form
      noValidate
      aria-label={t('bugReport.label')}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <TextField
        control={control}
        name="page"
        label={t('bugReport.page')}
        hint={t('bugReport.pageHint')}
        maxLength={BUG_REPORT_LIMITS.PAGE_MAX_CHARS}
      />
      <TextField
        control={control}
        name="description"
        label={t('bugReport.description')}
        isRequired
        isMultiline
        maxLength={textLimit}
      />
      <TextField
        control={control}
        name="steps"
        label={t('bugReport.steps')}
        hint={t('bugReport.stepsHint')}
        isMultiline
        maxLength={textLimit}
      />
      <TextField
        control={control}
        name="expected"
        label={t('bugReport.expected')}
        isMultiline
        maxLength={textLimit}
      />
      <TextField
        control={control}
        name="actual"
        label={t('bugReport.actual')}
        isMultiline
        maxLength={textLimit}
      />
      <FilePicker
        files={files}
        onChange={setFiles}
        isDisabled={isBusy}
        error={typeof attachmentsError === 'string' ? attachmentsError : undefined}
      />
      <fieldset className="bug-report-auto">
        <legend className={FIELD_CLASSES.label}>{t('bugReport.autoInfo')}</legend>
        <FormField label={t('bugReport.browser')} htmlFor="bug-report-browser">
          <TextArea id="bug-report-browser" value={browser} readOnly />
        </FormField>
        <FormField label={t('bugReport.appVersion')} htmlFor="bug-report-app-version">
          <TextInput id="bug-report-app-version" value={appVersion} readOnly />
        </FormField>
      </fieldset>
      <Button variant="primary" type="submit" size="middle" isLoading={isBusy} disabled={isBusy} isBlock>
        {t('bugReport.submit')}
      </Button>
    </form>
  );
}
