import { ALLOWED_FILE_TYPES, MAX_FILES, MAX_FILE_SIZE_BYTES, isAllowedFileClaim } from '@domain';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStorageAvailability } from '../../lib/storage-availability';
import { translateMessage } from './field-message';
import { Button } from './button';
import { CameraOutlined, DeleteOutlined, FileOutlined, PaperClipOutlined } from './icons';
import { Typography } from './typography';
import './file-picker.css';
import './form-field.css';

export type PickedFile = { key: string; file: File };

export type FilePickerProps = {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** The form's error for the attachments as a whole (required file, too many files). */
  error?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
};

/** The allowed types by name, so the system picker offers no SVG or other type that would be refused. */
const ACCEPT = ALLOWED_FILE_TYPES.join(',');

/**
 * Why a file cannot be attached, as a message key; undefined when it is fine. The type must be
 * allowed and the name's extension must not say otherwise (an SVG is refused however it is typed);
 * the server also reads the first bytes.
 */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | undefined {
  if (!isAllowedFileClaim(file.name, file.type)) return 'validation.fileType';
  if (file.size > MAX_FILE_SIZE_BYTES) return 'validation.fileTooLarge';
  return undefined;
}

export function formatFileSize(bytes: number, language: string): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'KB');
  return format(bytes / (1024 * 1024), 'MB');
}

/**
 * Attachments of a ticket or a bug report: choose photos or PDFs, or take a photo with the phone
 * camera. Files that break the rules (type, 5 MB, 5 files) are refused at once with the reason,
 * and are never sent; the server and storage.rules check again. Where uploads cannot work (a local stack
 * without the Storage emulator) the field says so and offers no file, so the rest of the form still sends.
 */
export function FilePicker({ files, onChange, error, isRequired, isDisabled }: FilePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const storage = useStorageAvailability();
  const canPick = storage === 'available';

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const accepted: PickedFile[] = [];
    const problems: { name: string; message: string }[] = [];
    for (const file of picked) {
      const problem = fileProblem(file);
      if (problem) {
        problems.push({ name: file.name, message: problem });
      } else if (files.length + accepted.length >= MAX_FILES) {
        problems.push({ name: file.name, message: 'validation.maxFiles' });
      } else {
        accepted.push({ key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`, file });
      }
    }
    setRefused(problems);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  };

  const errorId = `${id}-error`;
  const isFull = files.length >= MAX_FILES;
  return (
    <div
      className="form-field"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? errorId : undefined}
    >
      <span id={`${id}-label`} className="form-field-label">
        {t('files.label')}
        {isRequired && <span aria-hidden="true"> *</span>}
      </span>
      <div className="form-field-hint">{t('files.hint', { max: MAX_FILES })}</div>
      {storage === 'unavailable' && (
        <div className="form-field-notice" role="status">
          {t('files.unavailable')}
        </div>
      )}
      <div className="button-row">
        <Button
          icon={<PaperClipOutlined />}
          onClick={() => chooseRef.current?.click()}
          disabled={isDisabled || isFull || !canPick}
        >
          {t('files.choose')}
        </Button>
        <Button
          icon={<CameraOutlined />}
          onClick={() => cameraRef.current?.click()}
          disabled={isDisabled || isFull || !canPick}
        >
          {t('files.camera')}
        </Button>
      </div>
      <input
        ref={chooseRef}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        disabled={!canPick}
        onChange={add}
        data-testid="file-input"
        aria-label={t('files.choose')}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        disabled={!canPick}
        onChange={add}
        aria-label={t('files.camera')}
      />
      {files.length > 0 && (
        <ul className="file-list">
          {files.map(({ key, file }) => (
            <li key={key} className="file-list-item">
              <FileOutlined aria-hidden="true" />
              <Typography.Text ellipsis className="file-list-name">
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary" className="file-list-size">
                {formatFileSize(file.size, i18n.language)}
              </Typography.Text>
              <Button
                variant="text"
                icon={<DeleteOutlined />}
                disabled={isDisabled}
                aria-label={t('files.remove', { name: file.name })}
                onClick={() => onChange(files.filter((entry) => entry.key !== key))}
              />
            </li>
          ))}
        </ul>
      )}
      {refused.map((problem) => (
        <div key={problem.name} className="form-field-error" role="alert">
          {t('files.refused', {
            name: problem.name,
            reason: translateMessage(t, problem.message),
          })}
        </div>
      ))}
      {error && (
        <div id={errorId} className="form-field-error" role="alert">
          {translateMessage(t, error)}
        </div>
      )}
    </div>
  );
}
