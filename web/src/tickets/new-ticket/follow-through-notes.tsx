import { type OpenTicketLike, targetWorkingDays } from '@domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useServiceLevels } from '../../lib/service-levels';
import './follow-through-notes.css';

/** "Usually answered within 2 working days", from the company's service levels, above "Submit". */
export function ServiceLevelNote({ category, subcategory }: { category: string; subcategory: string }) {
  const { t } = useTranslation();
  const levels = useServiceLevels();
  const days = targetWorkingDays(levels, category, subcategory);
  return <p className="service-level-note">{t('tickets.serviceLevel.usually', { count: days })}</p>;
}

type DuplicateWarningProps = { ticket: OpenTicketLike; isBusy: boolean; onSendAnyway: () => void };

/**
 * Before a second open ticket of the same kind: which one is open (a link to it) and "Send anyway?".
 * "Send anyway" submits the form as it is; nothing typed is lost either way.
 */
export function DuplicateWarning({ ticket, isBusy, onSendAnyway }: DuplicateWarningProps) {
  const { t } = useTranslation();
  const number = ticket.number ?? ticket.id;
  return (
    <Alert type="warning" isIconShown role="alert" className="duplicate-warning">
      <p className="duplicate-warning-text">
        {t('tickets.duplicate.text', { status: t(`tickets.status.${ticket.status}`) })}{' '}
        <Link to={`/ticket/${encodeURIComponent(ticket.id)}`}>{t('tickets.duplicate.open', { number })}</Link>
      </p>
      <p className="duplicate-warning-text">{t('tickets.duplicate.question')}</p>
      <Button
        variant="primary"
        type="submit"
        isLoading={isBusy}
        disabled={isBusy}
        onClick={onSendAnyway}
        isBlock
      >
        {t('tickets.duplicate.sendAnyway')}
      </Button>
    </Alert>
  );
}
