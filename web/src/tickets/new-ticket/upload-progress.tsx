import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { StoredAttachment } from '@domain';
import { List, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type UploadStatus = 'pending' | 'uploading' | 'failed' | 'done';

export type UploadEntry = {
  key: string;
  file: File;
  percent: number;
  status: UploadStatus;
  /** Set once the file is in Storage; a retry then only records it on the ticket. */
  stored?: StoredAttachment;
};

/** One progress bar per attachment while a new ticket's files upload. */
export function UploadProgress({ entries }: { entries: UploadEntry[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('tickets.form.files.progress')}>
      <List
        dataSource={entries}
        renderItem={(entry) => (
          <List.Item key={entry.key}>
            <div style={{ width: '100%' }}>
              <Typography.Text ellipsis style={{ display: 'block' }}>
                {entry.status === 'done' && (
                  <CheckCircleFilled style={{ color: '#389e0d' }} aria-hidden="true" />
                )}
                {entry.status === 'failed' && (
                  <CloseCircleFilled style={{ color: '#cf1322' }} aria-hidden="true" />
                )}{' '}
                {entry.file.name} — {t(`tickets.form.files.status.${entry.status}`)}
              </Typography.Text>
              <Progress
                percent={entry.percent}
                status={
                  entry.status === 'failed' ? 'exception' : entry.status === 'done' ? 'success' : 'active'
                }
                aria-label={t('tickets.form.files.progressOf', { name: entry.file.name })}
              />
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}
