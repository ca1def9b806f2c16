import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '../api/ticket-model';
import { useAttachmentUrl } from '../api/ticket-reads';
import { formatFileSize } from '../shared/format';
import { FileOutlined, FilePdfOutlined, WarningOutlined } from '../../components/ui/icons';
import { Typography } from '../../components/ui/typography';
import './attachment-list.css';
import './ticket-details-page.css';

const PREVIEW_SIZE = 96;

const isImage = (file: TicketAttachment) => file.contentType.startsWith('image/');

export type AttachmentListProps = { attachments: TicketAttachment[] };

/**
 * Images as small previews that open large in a new tab; PDFs (and any other file) as links to a
 * new tab. Both point at object URLs of bytes read under the rules (useAttachmentUrl), never at a
 * Storage download link. The preview is a plain link around an img: antd Image with its preview
 * viewer costs about 10 KB gzip, and the browser's own viewer zooms and pans as well on a phone.
 */
export function AttachmentList({ attachments }: AttachmentListProps) {
  const { t } = useTranslation();
  const images = attachments.filter(isImage);
  const files = attachments.filter((file) => !isImage(file));
  return (
    <div className="attachments">
      {images.length > 0 && (
        <ul className="attachment-images" aria-label={t('tickets.details.images')}>
          {images.map((file) => (
            <li key={file.path}>
              <ImagePreview file={file} />
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="ticket-list" aria-label={t('tickets.details.files')}>
          {files.map((file) => (
            <li key={file.path}>
              <FileLink file={file} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FailedImage({ name, isDenied }: { name: string; isDenied: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="attachment-thumb attachment-failed">
      <WarningOutlined aria-hidden />
      <Typography.Text type="danger">
        {t(isDenied ? 'tickets.details.fileDenied' : 'tickets.details.imageFailed')}
      </Typography.Text>
      <Typography.Text type="secondary" className="attachment-failed-name">
        {name}
      </Typography.Text>
    </div>
  );
}

function ImagePreview({ file }: { file: TicketAttachment }) {
  const { t } = useTranslation();
  const { url, isLoading, isError, isDenied } = useAttachmentUrl(file.path);
  // Keyed by URL: a new URL for the same file gets a fresh chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (isLoading) {
    return (
      <div
        className="attachment-thumb attachment-loading"
        role="progressbar"
        aria-label={`${t('common.loading')} ${file.name}`}
      />
    );
  }
  if (isError || !url || failedUrl === url) return <FailedImage name={file.name} isDenied={isDenied} />;
  return (
    <a className="attachment-thumb-link" href={url} target="_blank" rel="noopener noreferrer">
      <img
        className="attachment-thumb"
        src={url}
        alt={file.name}
        width={PREVIEW_SIZE}
        height={PREVIEW_SIZE}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(url)}
      />
    </a>
  );
}

function FileLink({ file }: { file: TicketAttachment }) {
  const { t, i18n } = useTranslation();
  const { url, isLoading, isError, isDenied } = useAttachmentUrl(file.path);
  const isPdf = file.contentType === 'application/pdf';
  const icon = isPdf ? <FilePdfOutlined aria-hidden /> : <FileOutlined aria-hidden />;
  const size = file.size > 0 ? ` (${formatFileSize(file.size, i18n.language)})` : '';
  if (isError) {
    return (
      <Typography.Text type="danger">
        {icon} {file.name}: {t(isDenied ? 'tickets.details.fileDenied' : 'tickets.details.fileFailed')}
      </Typography.Text>
    );
  }
  if (isLoading || !url) {
    return (
      <Typography.Text type="secondary">
        {icon} {file.name}
      </Typography.Text>
    );
  }
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
      {icon} {file.name}
      {size}
    </Typography.Link>
  );
}
