import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '../api/ticket-model';
import { StoredImageList } from '../../components/stored-image';
import { useStoredFileUrl } from '../../lib/storage/use-stored-file-url';
import { formatFileSize } from '../shared/format';
import { FileOutlined, FilePdfOutlined } from '../../components/ui/icons';
import { Typography } from '../../components/ui/typography';
import './attachment-list.css';
import './ticket-details-page.css';

const isImage = (file: TicketAttachment) => file.contentType.startsWith('image/');

export type AttachmentListProps = { attachments: TicketAttachment[] };

/**
 * Images as small previews that open large in a new tab; PDFs (and any other file) as links to a
 * new tab. Both point at object URLs of bytes read under the rules (useStoredFileUrl), never at a
 * Storage download link. The preview is a plain link around an img: antd Image with its preview
 * viewer costs about 10 KB gzip, and the browser's own viewer zooms and pans as well on a phone.
 */
export function AttachmentList({ attachments }: AttachmentListProps) {
  const { t } = useTranslation();
  const images = attachments.filter(isImage);
  const files = attachments.filter((file) => !isImage(file));
  return (
    <div className="attachments">
      {images.length > 0 && <StoredImageList files={images} label={t('tickets.details.images')} />}
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

function FileLink({ file }: { file: TicketAttachment }) {
  const { t, i18n } = useTranslation();
  const { url, isLoading, isError, isDenied } = useStoredFileUrl(file.path);
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
