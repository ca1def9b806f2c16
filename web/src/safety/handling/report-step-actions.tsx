import type { StoredAttachment } from '@domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FormField, controlProps } from '../../components/ui/form-field';
import { TextArea } from '../../components/ui/text-area';
import { useAuth } from '../../lib/auth/auth-context';
import { call } from '../../lib/call';
import { compressImage } from '../../lib/images/compress-image';
import { newRequestId } from '../../lib/request-id';
import { useOperation } from '../../notices';
import { SAFETY_UPDATE_MAX_CHARS, type SafetyStep } from '../domain';
import { safetyStepPhotoPath, uploadSafetyPhoto } from '../api/uploads';
import { type PickedPhoto, PhotoPicker } from '../photo-picker';
import { allowedSteps, stepNeedsText } from './handled-report-model';

/*
 * A handler's steps on a report: only the ones the domain allows from its status (stepRefusal).
 * Acknowledge is one tap; an update, made safe and close ask for a text first (close's is
 * optional). Each step keeps its requestId until it succeeds, so a retry never takes it twice;
 * the page shows the result from the live report. Made safe may have photos of what it looks like
 * now: made smaller on the phone (no location kept), uploaded to the handler's own step folder of
 * the report with their progress shown, each once however often the step is retried; the reporter
 * and the people told of the report see them on it.
 */

const BUTTON_KEYS: Record<SafetyStep, string> = {
  acknowledge: 'safety.handling.actions.acknowledge',
  update: 'safety.handling.actions.update',
  madeSafe: 'safety.handling.actions.madeSafe',
  close: 'safety.handling.actions.close',
};

const TEXT_KEYS: Record<SafetyStep, string> = {
  acknowledge: 'safety.handling.actions.updateText',
  update: 'safety.handling.actions.updateText',
  madeSafe: 'safety.handling.actions.madeSafeText',
  close: 'safety.handling.actions.closeText',
};

const DONE_KEYS: Record<SafetyStep, string> = {
  acknowledge: 'safety.handling.actions.acknowledgeDone',
  update: 'safety.handling.actions.updateDone',
  madeSafe: 'safety.handling.actions.madeSafeDone',
  close: 'safety.handling.actions.closeDone',
};

export function ReportStepActions({ reportId, status }: { reportId: string; status: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const id = useId();
  const run = useOperation();
  const steps = allowedSteps(status);
  /** Each step's requestId, kept across its retries until it succeeds. */
  const requestIds = useRef<Partial<Record<SafetyStep, string>>>({});
  const [open, setOpen] = useState<SafetyStep | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState<SafetyStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  /** Picked photo key -> where it was uploaded, kept across retries of the step. */
  const uploaded = useRef(new Map<string, StoredAttachment>());
  const [uploadedKeys, setUploadedKeys] = useState<ReadonlySet<string>>(new Set());

  if (steps.length === 0) return null;
  const form = open !== null && steps.includes(open) ? open : null;

  /** Makes smaller and uploads, one after another, the step's photos no earlier attempt uploaded. */
  const uploadPhotos = async (uid: string): Promise<StoredAttachment[]> => {
    const stored: StoredAttachment[] = [];
    for (const photo of photos) {
      const done = uploaded.current.get(photo.key);
      if (done) {
        stored.push(done);
        continue;
      }
      const { file } = await compressImage(photo.file, { keepLocation: false });
      const attachment = await uploadSafetyPhoto(safetyStepPhotoPath(reportId, uid, file), file, (percent) =>
        setProgress((current) => ({ ...current, [photo.key]: percent })),
      );
      uploaded.current.set(photo.key, attachment);
      setUploadedKeys(new Set(uploaded.current.keys()));
      stored.push(attachment);
    }
    return stored;
  };

  const send = async (step: SafetyStep, stepText: string) => {
    if (busy !== null) return;
    const requestId = requestIds.current[step] ?? newRequestId();
    requestIds.current[step] = requestId;
    setBusy(step);
    setFailure(null);
    const result = await run(
      {
        loading: 'safety.handling.actions.sending',
        success: DONE_KEYS[step],
        failure: 'safety.errors.stepFailed',
      },
      async () => {
        const stepPhotos = step === 'madeSafe' && user ? await uploadPhotos(user.uid) : [];
        return call('safetyReportStep', {
          requestId,
          reportId,
          step,
          ...(stepText.trim() === '' ? {} : { text: stepText.trim() }),
          ...(stepPhotos.length > 0 ? { photos: stepPhotos } : {}),
        });
      },
    );
    setBusy(null);
    if (result.ok) {
      delete requestIds.current[step];
      setOpen(null);
      setText('');
      setPhotos([]);
      setProgress({});
      uploaded.current.clear();
      setUploadedKeys(new Set());
      return;
    }
    setFailure(result.failure.messageKey);
    const textError = result.failure.fields.text;
    if (textError) setFieldError(textError);
  };

  const choose = (step: SafetyStep) => {
    setFailure(null);
    if (step === 'acknowledge') {
      void send(step, '');
      return;
    }
    setOpen(step);
    setText('');
    setFieldError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form === null) return;
    if (stepNeedsText(form) && text.trim() === '') {
      setFieldError('validation.required');
      return;
    }
    void send(form, text);
  };

  return (
    <section className="safety-handling-actions" aria-label={t('safety.handling.actions.title')}>
      <div className="safety-handling-buttons">
        {steps.map((step) => (
          <Button
            key={step}
            variant={step === 'acknowledge' || step === 'madeSafe' ? 'primary' : 'default'}
            onClick={() => choose(step)}
            isLoading={busy === step && step === 'acknowledge'}
            disabled={busy !== null}
            aria-pressed={step === 'acknowledge' ? undefined : form === step}
          >
            {t(BUTTON_KEYS[step])}
          </Button>
        ))}
      </div>
      {form !== null && (
        <form className="safety-handling-form" onSubmit={submit} noValidate>
          <FormField
            label={
              stepNeedsText(form) ? t(TEXT_KEYS[form]) : `${t(TEXT_KEYS[form])} ${t('safety.form.optional')}`
            }
            htmlFor={`${id}-text`}
            error={fieldError}
          >
            <TextArea
              {...controlProps(`${id}-text`, fieldError ? { message: fieldError } : undefined)}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(undefined);
              }}
              maxLength={SAFETY_UPDATE_MAX_CHARS}
              disabled={busy !== null}
            />
          </FormField>
          {form === 'madeSafe' && (
            <PhotoPicker
              photos={photos}
              onChange={setPhotos}
              progress={progress}
              uploadedKeys={uploadedKeys}
              isDisabled={busy !== null}
            />
          )}
          <div className="safety-handling-buttons">
            <Button variant="primary" type="submit" isLoading={busy === form}>
              {t(BUTTON_KEYS[form])}
            </Button>
            <Button onClick={() => setOpen(null)} disabled={busy !== null}>
              {t('safety.handling.actions.cancel')}
            </Button>
          </div>
        </form>
      )}
      {failure !== null && (
        <p role="alert" className="safety-handling-failure">
          {t(failure)}
        </p>
      )}
    </section>
  );
}
