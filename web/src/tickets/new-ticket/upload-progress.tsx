import type { StoredAttachment } from '@domain';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled, CloseCircleFilled } from '../../components/ui/icons';
import { Typography } from '../../components/ui/typography';
import './upload-progress.css';

export type UploadStatus = 'pending' | 'uploading' | 'failed' | 'done';

export type UploadEntry = {
  key: string;
  file: File;
  percent: number;
  status: UploadStatus;
  /** Set once the file is in Storage; a retry then only records it on the ticket. */
  stored?: StoredAttachment;
};

/**
 * One progress bar per attachment while a new ticket's files upload. A plain list and bar rather
 * than antd List and Progress, which cost about 7 KB gzip on the new-ticket screens.
 */
export function UploadProgress({ entries }: { entries: UploadEntry[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('tickets.form.files.progress')}>
      <ul className="upload-list">
        {entries.map((entry) => {
          const percent = Math.round(Math.min(100, Math.max(0, entry.percent)));
          return (
            <li key={entry.key} className="upload-list-item">
              <Typography.Text ellipsis className="upload-list-name">
                {entry.status === 'done' && (
                  <CheckCircleFilled className="upload-icon is-done" aria-hidden="true" />
                )}
                {entry.status === 'failed' && (
                  <CloseCircleFilled className="upload-icon is-failed" aria-hidden="true" />
                )}{' '}
                {entry.file.name} — {t(`tickets.form.files.status.${entry.status}`)}
              </Typography.Text>
              <div className="upload-bar">
                <div
                  className={`upload-bar-track is-${entry.status}`}
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-label={t('tickets.form.files.progressOf', { name: entry.file.name })}
                >
                  <div className="upload-bar-fill" style={{ width: `${percent}%` }} />
                </div>
                <span className="upload-bar-value">{percent}%</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
