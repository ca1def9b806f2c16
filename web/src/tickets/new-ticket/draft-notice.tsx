import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import './draft-notice.css';

export type DraftNoticeProps = {
  /** When the restored draft was saved (ms since the epoch); undefined for a draft of this visit. */
  savedAt?: number;
  isDisabled?: boolean;
  onDiscard: () => void;
};

/**
 * Above the form while a draft is kept on the device: after a restore it says so and when the draft was
 * saved, so the worker knows the form is not empty by chance; either way it offers "Discard draft".
 */
export function DraftNotice({ savedAt, isDisabled, onDiscard }: DraftNoticeProps) {
  const { t, i18n } = useTranslation();
  const discard = (
    <Button size="small" onClick={onDiscard} disabled={isDisabled}>
      {t('tickets.drafts.discard')}
    </Button>
  );
  if (savedAt === undefined) {
    return (
      <Alert type="info" action={discard} className="draft-notice">
        {t('tickets.drafts.kept')}
      </Alert>
    );
  }
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    savedAt,
  );
  return (
    <Alert
      type="info"
      isIconShown
      description={t('tickets.drafts.savedAt', { time })}
      action={discard}
      className="draft-notice"
    >
      {t('tickets.drafts.restored')}
    </Alert>
  );
}
