import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredFileUrl } from '../lib/storage/use-stored-file-url';
import { WarningOutlined } from './ui/icons';
import { Typography } from './ui/typography';
import './stored-image.css';

const PREVIEW_SIZE = 96;

/** In place of an image that could not be shown: why, and its name. */
export function FailedImage({ name, isDenied }: { name: string; isDenied: boolean }) {
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

export type StoredImage = { name: string; path: string };

/**
 * A stored image (a ticket's attachment, a safety report's photo) as a small preview that opens
 * large in a new tab: an object URL of bytes read under the rules (useStoredFileUrl), never a
 * Storage download link. A plain link around an img: antd Image with its preview viewer costs
 * about 10 KB gzip, and the browser's own viewer zooms and pans as well on a phone.
 */
export function StoredImagePreview({ file, alt = file.name }: { file: StoredImage; alt?: string }) {
  const { t } = useTranslation();
  const { url, isLoading, isError, isDenied } = useStoredFileUrl(file.path);
  // Keyed by URL: a new URL for the same file gets a fresh chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (isLoading) {
    return (
      <div
        className="attachment-thumb attachment-loading"
        role="progressbar"
        aria-label={`${t('common.loading')} ${alt}`}
      />
    );
  }
  if (isError || !url || failedUrl === url) return <FailedImage name={alt} isDenied={isDenied} />;
  return (
    <a className="attachment-thumb-link" href={url} target="_blank" rel="noopener noreferrer">
      <img
        className="attachment-thumb"
        src={url}
        alt={alt}
        width={PREVIEW_SIZE}
        height={PREVIEW_SIZE}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(url)}
      />
    </a>
  );
}

/** Several stored images in a row that wraps, as a list named `label`. */
export function StoredImageList({
  files,
  label,
  altOf,
}: {
  files: StoredImage[];
  label: string;
  altOf?: (index: number) => string;
}) {
  return (
    <ul className="attachment-images" aria-label={label}>
      {files.map((file, index) => (
        <li key={file.path}>
          <StoredImagePreview file={file} alt={altOf?.(index)} />
        </li>
      ))}
    </ul>
  );
}
