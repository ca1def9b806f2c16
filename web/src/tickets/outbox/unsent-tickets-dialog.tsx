// Asked before a manual log-out while tickets still wait in the outbox: a log-out deletes them from
// the phone (a shared phone keeps nothing of the last user), so the worker chooses knowingly. A native
// modal <dialog> (the kit's Drawer), small enough for the shell to carry, so it shows offline too,
// which is exactly when tickets wait.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Drawer } from '../../components/ui/drawer';
import { Typography } from '../../components/ui/typography';
import './unsent-tickets-dialog.css';

export type UnsentTicketsDialogProps = {
  /** How many tickets wait on this phone; 0 closes the dialog. */
  count: number;
  onStay: () => void;
  onLogOut: () => void;
};

export function UnsentTicketsDialog({ count, onStay, onLogOut }: UnsentTicketsDialogProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      isOpen={count > 0}
      label={t('tickets.outbox.logoutTitle')}
      onClose={onStay}
      className="unsent-dialog"
    >
      <Typography.Title level={3} className="unsent-dialog-title">
        {t('tickets.outbox.logoutTitle')}
      </Typography.Title>
      <Typography.Paragraph>{t('tickets.outbox.logoutText', { count })}</Typography.Paragraph>
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
