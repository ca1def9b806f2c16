import { useEffect, useState } from 'react';
import { logger } from '../logger';
import { type StorageReadFailure, StorageReadError, fetchStorageBlob } from './storage-url';

// A stored file (a ticket's attachment, a safety report's photo) as the screens show it: an object
// URL of its bytes, read under storage.rules (storage-url.ts), never a Storage download link.

export type StoredFileUrl = {
  /** An object URL (`blob:`) of the file's bytes, valid while the component that asked is mounted. */
  url: string | null;
  isLoading: boolean;
  isError: boolean;
  /** The rules refused the file (no longer the user's to see): said so, not "try again". */
  isDenied: boolean;
};

type FileRead = { path: string; url: string | null; failure: StorageReadFailure | null };

/**
 * A stored file as an object URL, for a preview or a link that opens it. The bytes are read under
 * storage.rules each time a component asks (nothing is cached: a permission taken away closes the
 * file at the next look), and the URL is revoked when the component unmounts or the path changes,
 * so nothing of the file outlives the page that showed it. A page that closes frees its object
 * URLs with it.
 */
export function useStoredFileUrl(path: string): StoredFileUrl {
  const [read, setRead] = useState<FileRead | null>(null);
  useEffect(() => {
    let isCurrent = true;
    let url: string | null = null;
    fetchStorageBlob(path).then(
      (blob) => {
        if (!isCurrent) return;
        url = URL.createObjectURL(blob);
        setRead({ path, url, failure: null });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const failure = error instanceof StorageReadError ? error.reason : 'failed';
        if (failure !== 'denied') logger.warn('stored file could not be read', { failure });
        setRead({ path, url: null, failure });
      },
    );
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (!read || read.path !== path) return { url: null, isLoading: true, isError: false, isDenied: false };
  return {
    url: read.url,
    isLoading: false,
    isError: read.failure !== null,
    isDenied: read.failure === 'denied',
  };
}
