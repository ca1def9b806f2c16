import { type ChangeEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStorageAvailability } from '../lib/storage-availability';
import { Button } from '../components/ui/button';
import { FIELD_CLASSES } from '../components/ui/form-field';
import { translateMessage } from '../components/ui/field-message';
import { CameraOutlined, CheckCircleFilled, DeleteOutlined, PaperClipOutlined } from '../components/ui/icons';
import { SAFETY_MAX_PHOTOS } from './domain';
import './photo-picker.css';

/** A photo the worker picked; `key` stays the same across attempts to send. */
export type PickedPhoto = { key: string; file: File };

export type PhotoPickerProps = {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  /** Upload progress of each photo by key, 0 to 100, while the report is being sent. */
  progress: Record<string, number>;
  /** Keys of the photos already uploaded by an attempt (they are not uploaded again). */
  uploadedKeys: ReadonlySet<string>;
  /** The photos' error: a translation key (a server field message) or a text. */
  error?: string;
  isDisabled?: boolean;
};

/**
 * A photo's preview: an object URL of the picked file, set on the image once it is in the page and
 * freed when it goes (a ref with a cleanup, so nothing renders twice for it).
 */
function Thumbnail({ file, alt }: { file: File; alt: string }) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      // jsdom and very old browsers have no object URLs: the thumbnail then shows its frame only.
      if (!image || typeof URL.createObjectURL !== 'function') return undefined;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} className="safety-photo-image" alt={alt} />;
}

let photoCounter = 0;
const photoKey = (file: File) => `${file.name}-${file.size}-${(photoCounter += 1)}`;

/**
 * The report's photos, camera first: "Take a photo" opens the phone's camera (capture), "Choose from
 * gallery" its pictures; several at a time, up to SAFETY_MAX_PHOTOS, each shown as a thumbnail with
 * a remove button and, while the report is sent, its upload progress. Anything that is not an image
 * is refused at once with the reason; photos are made smaller before they are uploaded.
 */
export function PhotoPicker({
  photos,
  onChange,
  progress,
  uploadedKeys,
  error,
  isDisabled,
}: PhotoPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const storage = useStorageAvailability();
  const canPick = storage === 'available';
  const isFull = photos.length >= SAFETY_MAX_PHOTOS;

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const accepted: PickedPhoto[] = [];
    const problems: string[] = [];
    for (const file of picked) {
      if (!file.type.startsWith('image/')) {
        problems.push(t('safety.form.notAPhoto', { name: file.name }));
      } else if (photos.length + accepted.length >= SAFETY_MAX_PHOTOS) {
        problems.push(t('safety.form.tooManyPhotos', { name: file.name, max: SAFETY_MAX_PHOTOS }));
      } else {
        accepted.push({ key: photoKey(file), file });
      }
    }
    setRefused(problems);
    if (accepted.length > 0) onChange([...photos, ...accepted]);
  };

  const errorId = `${id}-error`;
  const pickDisabled = isDisabled || isFull || !canPick;
  return (
    <div
      className={`${FIELD_CLASSES.row} safety-photos`}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? errorId : undefined}
    >
      <span id={`${id}-label`} className={FIELD_CLASSES.label}>
        {t('safety.form.photos')} <span className="safety-optional">{t('safety.form.optional')}</span>
      </span>
      <div className={FIELD_CLASSES.hint}>{t('safety.form.photosHint', { max: SAFETY_MAX_PHOTOS })}</div>
      {storage === 'unavailable' && (
        <div className={FIELD_CLASSES.hint} role="status">
          {t('files.unavailable')}
        </div>
      )}
      <div className="safety-photo-buttons">
        <Button
          variant="primary"
          icon={<CameraOutlined aria-hidden />}
          className="safety-big-button"
          onClick={() => cameraRef.current?.click()}
          disabled={pickDisabled}
        >
          {t('safety.form.takePhoto')}
        </Button>
        <Button
          icon={<PaperClipOutlined aria-hidden />}
          className="safety-big-button"
          onClick={() => galleryRef.current?.click()}
          disabled={pickDisabled}
        >
          {t('safety.form.choosePhotos')}
        </Button>
      </div>
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        disabled={!canPick}
        onChange={add}
        data-testid="safety-camera-input"
        aria-label={t('safety.form.takePhoto')}
      />
      <input
        ref={galleryRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        disabled={!canPick}
        onChange={add}
        data-testid="safety-gallery-input"
        aria-label={t('safety.form.choosePhotos')}
      />
      {photos.length > 0 && (
        <ul className="safety-photo-list">
          {photos.map(({ key, file }, index) => {
            const number = index + 1;
            const percent = progress[key];
            const isUploaded = uploadedKeys.has(key);
            return (
              <li key={key} className="safety-photo">
                <Thumbnail file={file} alt={t('safety.form.photoAlt', { number })} />
                {isUploaded ? (
                  <CheckCircleFilled className="safety-photo-done" aria-hidden />
                ) : (
                  percent !== undefined && (
                    <progress
                      className="safety-photo-progress"
                      max={100}
                      value={percent}
                      aria-label={t('safety.form.photoProgress', { number })}
                    />
                  )
                )}
                <Button
                  variant="text"
                  className="safety-photo-remove"
                  icon={<DeleteOutlined />}
                  disabled={isDisabled}
                  aria-label={t('safety.form.removePhoto', { number })}
                  onClick={() => onChange(photos.filter((photo) => photo.key !== key))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {refused.map((message) => (
        <div key={message} className={FIELD_CLASSES.error} role="alert">
          {message}
        </div>
      ))}
      {error && (
        <div id={errorId} className={FIELD_CLASSES.error} role="alert">
          {translateMessage(t, error)}
        </div>
      )}
    </div>
  );
}
