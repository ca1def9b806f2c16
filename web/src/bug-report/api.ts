import { type StoredAttachment, bugReportFilesFolder } from '@domain';
import { storage } from '../lib/firebase-data';

// The uploads of the bug report screen to Storage; the report itself goes with
// call('submitBugReport').

/**
 * Where a chosen file goes: the reporter's folder of this request. The object name keeps the
 * original name readable and never collides, so a retry never overwrites (storage.rules forbid it).
 */
export function bugReportFilePath(uid: string, requestId: string, file: Pick<File, 'name'>): string {
  const safe = file.name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(-80) || 'file';
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return `${bugReportFilesFolder(uid, requestId)}${unique}-${safe}`;
}

/** Uploads one attachment; the server still checks its real size and type before storing the report. */
export async function uploadBugReportFile(path: string, file: File): Promise<StoredAttachment> {
  const [bucket, sdk] = await Promise.all([storage(), import('firebase/storage')]);
  const contentType = file.type || 'application/octet-stream';
  await sdk.uploadBytes(sdk.ref(bucket, path), file, { contentType });
  return { name: file.name, size: file.size, contentType, path };
}

/** A request id for one report; kept across retries so the report is stored once. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
