import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';
import { Alert } from './ui/alert';

export type OfflineNoticeProps = {
  /** Whether what the screen shows came from the device's Firestore cache (snapshot.metadata.fromCache). */
  isFromCache: boolean;
};

/**
 * "Offline — showing saved data" above a live screen (history, a ticket, the inbox) while the
 * browser has no connection and the screen shows what Firestore kept on the device. It goes away by
 * itself when the connection returns; the live reads then bring what changed meanwhile.
 */
export function OfflineNotice({ isFromCache }: OfflineNoticeProps) {
  const { t } = useTranslation();
  const isOnline = useOnline();
  if (isOnline || !isFromCache) return null;
  return (
    <Alert type="warning" role="status" isIconShown description={t('common.offline.text')}>
      {t('common.offline.title')}
    </Alert>
  );
}
