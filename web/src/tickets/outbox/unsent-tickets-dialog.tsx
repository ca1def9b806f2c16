// Asked before a manual log-out while tickets (or danger reports) still wait on the phone: a log-out deletes them from
// the phone (a shared phone keeps nothing of the last user), so the worker chooses knowingly. A native
// modal <dialog> (the kit's Drawer), small enough for the shell to carry, so it shows offline too,
// which is exactly when tickets wait.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Drawer } from '../../components/ui/drawer';
import { Typography } from '../../components/ui/typography';
import './unsent-tickets-dialog.css';

export type UnsentTicketsDialogProps = {
  /** How many tickets wait on this phone. */
  count: number;
  /** How many danger reports wait on this phone; with no ticket either, the dialog is closed. */
  reportCount?: number;
  onStay: () => void;
  onLogOut: () => void;
};

export function UnsentTicketsDialog({ count, reportCount = 0, onStay, onLogOut }: UnsentTicketsDialogProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      isOpen={count + reportCount > 0}
      label={t('tickets.outbox.logoutTitle')}
      onClose={onStay}
      className="unsent-dialog"
    >
      <Typography.Title level={3} className="unsent-dialog-title">
        {t('tickets.outbox.logoutTitle')}
      </Typography.Title>
      {count > 0 && <Typography.Paragraph>{t('tickets.outbox.logoutText', { count })}</Typography.Paragraph>}
      {reportCount > 0 && (
        <Typography.Paragraph>
          {t('tickets.outbox.logoutReports', { count: reportCount })}
        </Typography.Paragraph>
      )}
      <div className="button-row unsent-dialog-buttons">
        <Button isDanger onClick={onLogOut}>
          {t('tickets.outbox.logoutAnyway')}
        </Button>
        <Button variant="primary" onClick={onStay} autoFocus>
          {t('tickets.outbox.stay')}
        </Button>
      </div>
    </Drawer>
  );
}
