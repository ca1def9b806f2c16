import { MAX_FILE_SIZE_BYTES, type StoredAttachment } from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth/auth-context';
import { call } from '../lib/call';
import { TOO_MANY_REQUESTS_KEY, isCallableError, tooManyRequestsOf } from '../lib/callable-failure';
import { isOnline } from '../lib/connectivity';
import { compressImage } from '../lib/images/compress-image';
import { newRequestId } from '../lib/request-id';
import { useOnline } from '../lib/use-online';
import { useNotices } from '../notices';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { translateMessage } from '../components/ui/field-message';
import { FIELD_CLASSES, fieldErrorId } from '../components/ui/form-field';
import { CheckOutlined, WarningOutlined } from '../components/ui/icons';
import { UploadCancelledError, safetyPhotoPath, uploadSafetyPhoto } from './api/uploads';
import {
  SAFETY_AREA_MAX_CHARS,
  SAFETY_DESCRIPTION_MAX_CHARS,
  SAFETY_KINDS,
  SAFETY_SITE_MAX_CHARS,
  SAFETY_TYPES,
  SAFETY_URGENCIES,
  type SafetyLocation,
  type SubmitSafetyReportInput,
  type SubmitSafetyReportRequest,
  submitSafetyReportSchema,
} from './domain';
import { type PickedPhoto, PhotoPicker } from './photo-picker';
import { currentLocation } from './share-location';
import './safety-report-form.css';
import { FormTextField } from '../components/form-text-field';
import { queueSafetyReport } from './outbox/use-safety-outbox';

/** What the server answered: the report's id, when it arrived and how many people were told. */
export type SubmittedSafetyReport = { reportId: string; reportedAt: Date; notifiedCount: number };

export type SafetyReportFormProps = {
  /** The worker's site from the directory, pre-filled and editable. */
  initialSite: string;
  onSubmitted: (report: SubmittedSafetyReport) => void;
  /** The report was kept on the phone for want of a connection; it goes by itself (request id). */
  onQueued: (requestId: string) => void;
};

type FormControl = Control<SubmitSafetyReportInput, unknown, SubmitSafetyReportRequest>;
type ChoiceName = 'kind' | 'type' | 'urgency';
type TextName = 'description' | 'site' | 'siteArea';
const FIELD_NAMES: readonly string[] = ['kind', 'type', 'urgency', 'description', 'site', 'siteArea'];

/** The photo types storage.rules take for a safety report. */
const SENDABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The one notice of a failed attempt: a retry's failure replaces it, a success closes it. */
const FAILURE_NOTICE_ID = 'safety-report-failed';

/** A photo that is still no JPEG, PNG or WebP of at most 5 MB once made smaller. */
class PhotoRefusedError extends Error {
  override readonly name = 'PhotoRefusedError';
  constructor(readonly number: number) {
    super(`Photo ${number} cannot be sent`);
  }
}

type Choice = { value: string; label: string; className?: string; icon?: ReactNode };

type ChoiceFieldProps = {
  control: FormControl;
  name: ChoiceName;
  legend: string;
  hint?: ReactNode;
  choices: Choice[];
  layout: 'grid' | 'stack';
};

/**
 * One tap of several: large chips, each a native radio button inside its label (the whole chip is
 * the tap target), in a fieldset whose legend names the question.
 */
function ChoiceField({ control, name, legend, hint, choices, layout }: ChoiceFieldProps) {
  const { t } = useTranslation();
  const errorId = fieldErrorId(`safety-${name}`);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <fieldset
            className={`${FIELD_CLASSES.row} safety-choice`}
            aria-describedby={error ? errorId : undefined}
          >
            <legend className={FIELD_CLASSES.label}>
              {legend}
              <span aria-hidden="true"> *</span>
            </legend>
            {hint && <div className={FIELD_CLASSES.hint}>{hint}</div>}
            <div className={`safety-chips is-${layout}`}>
              {choices.map((choice, index) => (
                <label key={choice.value} className={`safety-chip ${choice.className ?? ''}`}>
                  <input
                    type="radio"
                    className="safety-chip-input"
                    name={field.name}
                    value={choice.value}
                    checked={field.value === choice.value}
                    onChange={() => field.onChange(choice.value)}
                    onBlur={field.onBlur}
                    ref={index === 0 ? field.ref : undefined}
                    aria-invalid={error ? true : undefined}
                  />
                  <span className="safety-chip-face">
                    {choice.icon}
                    <span className="safety-chip-text">{choice.label}</span>
                    <CheckOutlined className="safety-chip-check" aria-hidden />
                  </span>
                </label>
              ))}
            </div>
            {error && (
              <div id={errorId} className={FIELD_CLASSES.error} role="alert">
                {translateMessage(t, error)}
              </div>
            )}
          </fieldset>
        );
      }}
    />
  );
}

type TextFieldProps = {
  control: FormControl;
  name: TextName;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
  isMultiline?: boolean;
  maxLength: number;
};

/** One text row of this form (FormTextField), its id and text-area height this form's own. */
function TextField({ isMultiline, ...props }: TextFieldProps) {
  return <FormTextField {...props} id={`safety-${props.name}`} rows={isMultiline ? 4 : undefined} />;
}

/** The location checkbox: not asked, being found, shared (with its accuracy), or not shared. */
type LocationState =
  { step: 'off' } | { step: 'locating' } | { step: 'shared'; accuracyMeters: number } | { step: 'notShared' };

/** The field keys of the callable's invalid-argument answer, else none (an upload failed, say). */
function serverFieldErrors(error: unknown): Record<string, string> {
  return isCallableError(error) && error.code === 'invalid-argument' ? error.fields : {};
}

/** The photo paths the server did not find (safety.errors.photoMissing), or null for none named. */
function missingPhotoPaths(error: unknown): string[] | null {
  if (!isCallableError(error) || error.messageKey !== 'safety.errors.photoMissing') return null;
  const paths = (error.cause as { details?: { paths?: unknown } } | undefined)?.details?.paths;
  return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [];
}

/** Sending was not even tried: the phone knows it has no connection. */
class NoConnectionError extends Error {
  override readonly name = 'NoConnectionError';
  constructor() {
    super('No connection');
  }
}

/** Whether sending failed for want of a connection rather than being refused. */
const isConnectionLoss = (error: unknown) => {
  if (error instanceof UploadCancelledError || error instanceof NoConnectionError) return true;
  if (isCallableError(error)) return error.source === 'network';
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'storage/retry-limit-exceeded' || code === 'storage/canceled';
};

/** A photo the server checks again: the upload of one picked photo, and whether it kept the location. */
type Uploaded = { attachment: StoredAttachment; keptLocation: boolean };

/**
 * The "Report danger" form, checked by the domain's submitSafetyReport schema. Sending makes each
 * photo smaller (keeping its location only when the worker shares theirs), uploads it to the
 * reporter's folder of this request with its progress shown, then calls submitSafetyReport with a
 * request id made once per form: one report however often the worker taps. A photo uploaded by an
 * earlier attempt is not uploaded again, unless it kept a location the worker no longer shares.
 * Without a connection (known before, or met on the way) the report goes to the phone's outbox with
 * its photos made smaller, and is sent by itself once the signal is back, with the same request id.
 * On any other failure nothing typed or picked is lost.
 */
export function SafetyReportForm({ initialSite, onSubmitted, onQueued }: SafetyReportFormProps) {
  const { t } = useTranslation();
  const notices = useNotices();
  const { user } = useAuth();
  const isOnlineNow = useOnline();
  const [requestId] = useState(newRequestId);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [uploadedKeys, setUploadedKeys] = useState<ReadonlySet<string>>(new Set());
  const [photosError, setPhotosError] = useState<string | undefined>();
  const [locationState, setLocationState] = useState<LocationState>({ step: 'off' });
  const [isBusy, setIsBusy] = useState(false);
  // Picked photo key -> its upload, kept across attempts.
  const uploaded = useRef(new Map<string, Uploaded>());
  const isSending = useRef(false);
  const locationAsk = useRef(0);
  const pendingLocation = useRef<Promise<unknown> | null>(null);
  const abortUploads = useRef<AbortController | null>(null);

  const { control, handleSubmit, getValues, setValue, setError } = useForm<
    SubmitSafetyReportInput,
    unknown,
    SubmitSafetyReportRequest
  >({
    resolver: zodResolver(submitSafetyReportSchema),
    defaultValues: {
      requestId,
      description: '',
      site: initialSite,
      siteArea: '',
      location: null,
      photos: [],
      anonymous: false,
    },
  });

  // The connection went while photos upload: stop them rather than let the SDK retry for minutes.
  useEffect(() => {
    if (!isOnlineNow) abortUploads.current?.abort();
  }, [isOnlineNow]);

  const shareLocation = (isWanted: boolean) => {
    locationAsk.current += 1;
    const ask = locationAsk.current;
    setValue('location', null);
    if (!isWanted) {
      setLocationState({ step: 'off' });
      pendingLocation.current = null;
      return;
    }
    setLocationState({ step: 'locating' });
    pendingLocation.current = currentLocation().then((found: SafetyLocation | null) => {
      if (ask !== locationAsk.current) return;
      setValue('location', found);
      setLocationState(
        found ? { step: 'shared', accuracyMeters: found.accuracyMeters } : { step: 'notShared' },
      );
    });
  };

  /**
   * Makes smaller and uploads what no earlier attempt uploaded, one photo after another (a phone
   * decoding several large photos at once can run out of memory); fails when any photo fails,
   * keeping the others.
   */
  const uploadPhotos = async (uid: string, keepLocation: boolean, signal: AbortSignal) => {
    const stored: StoredAttachment[] = [];
    let failure: unknown = null;
    for (const [index, photo] of photos.entries()) {
      const done = uploaded.current.get(photo.key);
      if (done && (keepLocation || !done.keptLocation)) {
        stored.push(done.attachment);
        continue;
      }
      try {
        const { file } = await compressImage(photo.file, { keepLocation });
        if (!SENDABLE_TYPES.has(file.type) || file.size > MAX_FILE_SIZE_BYTES) {
          throw new PhotoRefusedError(index + 1);
        }
        setProgress((current) => ({ ...current, [photo.key]: 0 }));
        const attachment = await uploadSafetyPhoto(
          safetyPhotoPath(uid, requestId, file),
          file,
          (percent) => setProgress((current) => ({ ...current, [photo.key]: percent })),
          signal,
        );
        uploaded.current.set(photo.key, { attachment, keptLocation: keepLocation });
        setUploadedKeys(new Set(uploaded.current.keys()));
        stored.push(attachment);
      } catch (error) {
        failure ??= error;
        setProgress(({ [photo.key]: _dropped, ...rest }) => rest);
        if (signal.aborted) break;
      }
    }
    if (failure) throw failure;
    return stored;
  };

  /** Forgets uploads the server did not find, so the next attempt uploads those photos again. */
  const forgetUploads = (paths: string[]) => {
    for (const [key, { attachment }] of uploaded.current) {
      if (paths.length === 0 || paths.includes(attachment.path)) uploaded.current.delete(key);
    }
    setUploadedKeys(new Set(uploaded.current.keys()));
  };

  /**
   * Keeps the report on the phone with its photos made smaller (their location only when the
   * worker shares theirs); false when the phone cannot keep it (then the form keeps everything).
   */
  const queue = async (uid: string, values: SubmitSafetyReportRequest, shared: SafetyLocation | null) => {
    const files: File[] = [];
    for (const [index, photo] of photos.entries()) {
      const { file } = await compressImage(photo.file, { keepLocation: shared !== null });
      if (!SENDABLE_TYPES.has(file.type) || file.size > MAX_FILE_SIZE_BYTES) {
        throw new PhotoRefusedError(index + 1);
      }
      files.push(file);
    }
    const { photos: _uploaded, ...report } = values;
    if (!(await queueSafetyReport(uid, { ...report, location: shared }, files))) return false;
    notices.dismiss(FAILURE_NOTICE_ID);
    onQueued(requestId);
    return true;
  };

  const failureText = (error: unknown): string => {
    const tooMany = tooManyRequestsOf(error);
    if (tooMany) return t(TOO_MANY_REQUESTS_KEY, tooMany);
    if (error instanceof PhotoRefusedError) return t('safety.form.photoCannotSend', { number: error.number });
    if (isCallableError(error)) {
      return error.source === 'network' ? t('safety.form.notSentOffline') : t(error.messageKey);
    }
    return isConnectionLoss(error) ? t('safety.form.notSentOffline') : t('safety.form.photoUploadFailed');
  };

  const onValid = async (values: SubmitSafetyReportRequest) => {
    if (!user || isSending.current) return;
    isSending.current = true;
    setIsBusy(true);
    setPhotosError(undefined);
    const controller = new AbortController();
    abortUploads.current = controller;
    let shared: SafetyLocation | null = null;
    try {
      // Ticked a moment ago: the location is worth the few seconds it may still take.
      if (pendingLocation.current) await pendingLocation.current;
      shared = getValues('location') ?? null;
      if (!isOnline()) throw new NoConnectionError();
      const photoAttachments = await uploadPhotos(user.uid, shared !== null, controller.signal);
      const answer = await call('submitSafetyReport', {
        ...values,
        location: shared,
        photos: photoAttachments,
      });
      notices.dismiss(FAILURE_NOTICE_ID);
      onSubmitted({
        reportId: answer.reportId,
        notifiedCount: answer.notifiedCount,
        reportedAt: new Date(answer.reportedAt),
      });
    } catch (error) {
      let failure = error;
      if (isConnectionLoss(error) || !isOnline()) {
        try {
          if (await queue(user.uid, values, shared)) return;
        } catch (queueError) {
          failure = queueError;
        }
      }
      for (const [path, message] of Object.entries(serverFieldErrors(failure))) {
        const field = path.split('.')[0] ?? '';
        if (field === 'photos') setPhotosError(message);
        else if (FIELD_NAMES.includes(field)) {
          setError(field as ChoiceName | TextName, { type: 'server', message });
        }
      }
      const missing = missingPhotoPaths(failure);
      if (missing) forgetUploads(missing);
      if (failure instanceof PhotoRefusedError) {
        setPhotosError(t('safety.form.photoCannotSend', { number: failure.number }));
      }
      notices.error(failureText(failure), { id: FAILURE_NOTICE_ID, isPersistent: true });
      isSending.current = false;
      setIsBusy(false);
    } finally {
      abortUploads.current = null;
    }
  };

  const urgencyChoices: Choice[] = SAFETY_URGENCIES.map((urgency) => ({
    value: urgency,
    label: t(`safety.urgencies.${urgency}`),
    className: `is-urgency-${urgency}`,
    icon: urgency === 'lifeThreatening' ? <WarningOutlined aria-hidden /> : undefined,
  }));
  const isLocationTicked = locationState.step === 'locating' || locationState.step === 'shared';
  return (
    <form
      noValidate
      className="safety-form"
      aria-label={t('safety.form.label')}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <ChoiceField
        control={control}
        name="kind"
        legend={t('safety.form.kind')}
        layout="grid"
        choices={SAFETY_KINDS.map((kind) => ({ value: kind, label: t(`safety.kinds.${kind}`) }))}
      />
      <ChoiceField
        control={control}
        name="type"
        legend={t('safety.form.type')}
        layout="stack"
        choices={SAFETY_TYPES.map((type) => ({ value: type, label: t(`safety.types.${type}`) }))}
      />
      <ChoiceField
        control={control}
        name="urgency"
        legend={t('safety.form.urgency')}
        layout="stack"
        choices={urgencyChoices}
      />
      <TextField
        control={control}
        name="description"
        label={t('safety.form.description')}
        hint={t('safety.form.descriptionHint')}
        isRequired
        isMultiline
        maxLength={SAFETY_DESCRIPTION_MAX_CHARS}
      />
      <PhotoPicker
        photos={photos}
        onChange={(next) => {
          setPhotos(next);
          setPhotosError(undefined);
        }}
        progress={progress}
        uploadedKeys={uploadedKeys}
        error={photosError}
        isDisabled={isBusy}
      />
      <TextField
        control={control}
        name="site"
        label={t('safety.form.site')}
        hint={initialSite ? t('safety.form.siteHint') : undefined}
        isRequired
        maxLength={SAFETY_SITE_MAX_CHARS}
      />
      <TextField
        control={control}
        name="siteArea"
        label={
          <>
            {t('safety.form.siteArea')} <span className="safety-optional">{t('safety.form.optional')}</span>
          </>
        }
        hint={t('safety.form.siteAreaHint')}
        maxLength={SAFETY_AREA_MAX_CHARS}
      />
      <div className={`${FIELD_CLASSES.row} safety-check`}>
        <label className="safety-check-label">
          <input
            type="checkbox"
            className="safety-check-input"
            checked={isLocationTicked}
            disabled={isBusy}
            onChange={(event) => shareLocation(event.target.checked)}
            aria-describedby="safety-location-line"
          />
          <span>{t('safety.form.shareLocation')}</span>
        </label>
        <div id="safety-location-line" className={`${FIELD_CLASSES.hint} safety-check-line`} role="status">
          {locationState.step === 'locating' && t('safety.form.locating')}
          {locationState.step === 'shared' &&
            t('safety.form.locationShared', { meters: Math.round(locationState.accuracyMeters) })}
          {locationState.step === 'notShared' && t('safety.form.locationNotShared')}
        </div>
      </div>
      <Controller
        name="anonymous"
        control={control}
        render={({ field }) => (
          <div className={`${FIELD_CLASSES.row} safety-check`}>
            <label className="safety-check-label">
              <input
                type="checkbox"
                className="safety-check-input"
                name={field.name}
                ref={field.ref}
                checked={field.value === true}
                disabled={isBusy}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                aria-describedby="safety-anonymous-hint"
              />
              <span>{t('safety.form.anonymous')}</span>
            </label>
            <div id="safety-anonymous-hint" className={`${FIELD_CLASSES.hint} safety-check-line`}>
              {t('safety.form.anonymousHint')}
            </div>
          </div>
        )}
      />
      {!isOnlineNow && (
        <Alert
          type="warning"
          role="status"
          isIconShown
          className="safety-offline"
          description={t('safety.form.offlineText')}
        >
          {t('safety.form.offlineTitle')}
        </Alert>
      )}
      <Button
        variant="primary"
        type="submit"
        className="safety-big-button safety-submit"
        isLoading={isBusy}
        disabled={isBusy}
        isBlock
      >
        {t('safety.form.submit')}
      </Button>
    </form>
  );
}
