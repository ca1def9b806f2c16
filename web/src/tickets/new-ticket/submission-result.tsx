import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { Button, buttonClassName } from '../../components/ui/button';
import { ResultPanel } from '../../components/ui/result-panel';
import { UploadProgress } from './upload-progress';
import type { TicketSubmissionState } from './use-ticket-submission';
import './upload-progress.css';

/**
 * What the new-ticket screen shows once the ticket has left the form: waiting in the outbox, its
 * files uploading (with a retry of the ones that failed), or done.
 */
export function SubmissionResult({ phase, created, uploads, retryUploads }: TicketSubmissionState) {
  const { t } = useTranslation();

  if (phase === 'queued') {
    return (
      <ResultPanel
        status="info"
        title={t('tickets.outbox.queuedTitle')}
        subTitle={t('tickets.outbox.queuedText')}
        extra={
          <>
            <Link to="/ticket-history" className={buttonClassName({ variant: 'primary' })}>
              {t('tickets.outbox.toHistory')}
            </Link>
            <Link to="/new-ticket" className={buttonClassName({})}>
              {t('tickets.form.another')}
            </Link>
          </>
        }
      />
    );
  }

  if (phase === 'done' && created) {
    return (
      <ResultPanel
        status="success"
        title={t('tickets.form.doneTitle', { number: created.number })}
        subTitle={t('tickets.form.doneText')}
        extra={
          <>
            <Link to={`/ticket/${created.ticketId}`} className={buttonClassName({ variant: 'primary' })}>
              {t('tickets.form.viewTicket')}
            </Link>
            <Link to="/new-ticket" className={buttonClassName({})}>
              {t('tickets.form.another')}
            </Link>
          </>
        }
      />
    );
  }

  if ((phase === 'uploading' || phase === 'uploadFailed') && created) {
    return (
      <div className="upload-phase">
        <ResultPanel
          status={phase === 'uploadFailed' ? 'warning' : 'info'}
          title={t('tickets.form.createdTitle', { number: created.number })}
          subTitle={t(phase === 'uploadFailed' ? 'tickets.form.uploadFailed' : 'tickets.form.uploading')}
        />
        <UploadProgress entries={uploads} />
        <div className="button-row">
          <Button
            variant="primary"
            isLoading={phase === 'uploading'}
            disabled={phase === 'uploading'}
            onClick={retryUploads}
          >
            {t('tickets.form.retryUploads')}
          </Button>
          <Link to={`/ticket/${created.ticketId}`}>
            <Button>{t('tickets.form.viewTicket')}</Button>
          </Link>
        </div>
      </div>
    );
  }

  return null;
}
