import { FileOutlined, FilePdfOutlined, WarningOutlined } from '@ant-design/icons';
import { Flex, Image, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '../api/ticket-model';
import { useAttachmentUrl } from '../api/ticket-reads';
import { formatFileSize } from '../shared/format';

const PREVIEW_SIZE = 96;

const isImage = (file: TicketAttachment) => file.contentType.startsWith('image/');

export type AttachmentListProps = { attachments: TicketAttachment[] };

/** Images as small previews that open large; PDFs (and any other file) as links to a new tab. */
export function AttachmentList({ attachments }: AttachmentListProps) {
  const { t } = useTranslation();
  const images = attachments.filter(isImage);
  const files = attachments.filter((file) => !isImage(file));
  return (
    <Flex vertical gap={8}>
      {images.length > 0 && (
        <Flex wrap gap={8} role="list" aria-label={t('tickets.details.images')}>
          {images.map((file) => (
            <div role="listitem" key={file.path}>
              <ImagePreview file={file} />
            </div>
          ))}
        </Flex>
      )}
      {files.length > 0 && (
        <ul
          style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}
          aria-label={t('tickets.details.files')}
        >
          {files.map((file) => (
            <li key={file.path}>
              <FileLink file={file} />
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

function FailedImage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={4}
      style={{ width: PREVIEW_SIZE * 1.5, minHeight: PREVIEW_SIZE, textAlign: 'center', padding: 4 }}
    >
      <WarningOutlined aria-hidden />
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {t('tickets.details.imageFailed')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {name}
      </Typography.Text>
    </Flex>
  );
}

function ImagePreview({ file }: { file: TicketAttachment }) {
  const { url, isLoading, isError } = useAttachmentUrl(file.path);
  // Keyed by URL: a new URL for the same file gets a fresh chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (isLoading) return <Skeleton.Image active style={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE }} />;
  if (isError || !url || failedUrl === url) return <FailedImage name={file.name} />;
  return (
    <Image
      src={url}
      alt={file.name}
      width={PREVIEW_SIZE}
      height={PREVIEW_SIZE}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      onError={() => setFailedUrl(url)}
    />
  );
}

function FileLink({ file }: { file: TicketAttachment }) {
  const { t, i18n } = useTranslation();
  const { url, isLoading, isError } = useAttachmentUrl(file.path);
  const isPdf = file.contentType === 'application/pdf';
  const icon = isPdf ? <FilePdfOutlined aria-hidden /> : <FileOutlined aria-hidden />;
  const size = file.size > 0 ? ` (${formatFileSize(file.size, i18n.language)})` : '';
  if (isError) {
    return (
      <Typography.Text type="danger">
        {icon} {file.name}: {t('tickets.details.fileFailed')}
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
