import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { useOnline } from '../../lib/use-online';
import './offline-form-note.css';

/**
 * Above a form's Submit while the phone is offline: the ticket will not be lost, it waits on the
 * phone (the outbox) and is sent by itself when the connection returns.
 */
export function OfflineFormNote() {
  const { t } = useTranslation();
  const isOnline = useOnline();
  if (isOnline) return null;
  return (
    <Alert type="warning" role="status" isIconShown className="offline-form-note">
      {t('tickets.form.offlineNote')}
    </Alert>
  );
}
