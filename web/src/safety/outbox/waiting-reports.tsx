import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Tag } from '../../components/ui/tag';
import { Typography } from '../../components/ui/typography';
import { useNotices } from '../../notices';
import { formatTime } from '../report-text';
import type { SafetyOutboxEntry } from './safety-outbox-entry';
import { type SafetyOutboxView, useSafetyOutbox } from './use-safety-outbox';
import '../report-list.css';
import './waiting-reports.css';

const STATUS_TAG = { waiting: 'gold', sending: 'blue', refused: 'red' } as const;

type RowProps = { entry: SafetyOutboxEntry; outbox: SafetyOutboxView };

function WaitingReport({ entry, outbox }: RowProps) {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const [isBusy, setIsBusy] = useState(false);
  const { report, status, refusal } = entry;
  const act = async (action: () => Promise<unknown>) => {
    setIsBusy(true);
    try {
      await action();
    } catch {
      notices.error(t('safety.outbox.actionFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  const remove = () =>
    act(async () => {
      if (await outbox.remove(entry)) notices.info(t('safety.outbox.removed'));
      else notices.error(t('safety.outbox.cannotRemove'));
    });
  return (
    <div className="report-card">
      <div className="report-card-head">
        <span className="report-card-what">
          {t(`safety.kinds.${report.kind}`)} · {t(`safety.urgencies.${report.urgency}`)}
        </span>
        <Tag color={STATUS_TAG[status]}>{t(`safety.outbox.status.${status}`)}</Tag>
      </div>
      <Typography.Text type="secondary">
        {t('safety.outbox.queuedAt', { time: formatTime(new Date(entry.queuedAt), i18n.language) })}
        {entry.photos.length > 0 && ` · ${t('safety.outbox.photos', { count: entry.photos.length })}`}
      </Typography.Text>
      <p className="waiting-report-text">{report.description}</p>
      {status === 'refused' && refusal && (
        <Typography.Text type="danger">
          {t('safety.outbox.refusedReason', { reason: t(refusal.key, refusal.values) })}
        </Typography.Text>
      )}
      {status !== 'sending' && (
        <div className="button-row">
          {status === 'refused' && (
            <Button disabled={isBusy} onClick={() => void act(() => outbox.retry(entry))}>
              {t('safety.outbox.retry')}
            </Button>
          )}
          <Button isDanger disabled={isBusy} onClick={() => void remove()}>
            {t('safety.outbox.remove')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The reports of this account still on the phone: waiting for a connection, being sent, or refused
 * by the server with the reason. Nothing shows when there are none.
 */
export function WaitingReports({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const outbox = useSafetyOutbox(uid);
  if (outbox.entries.length === 0) return null;
  return (
    <section aria-labelledby="waiting-reports-title" className="report-list waiting-reports">
      <Typography.Title level={3} id="waiting-reports-title" className="report-list-title">
        {t('safety.outbox.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('safety.outbox.hint')}</Typography.Text>
      <ul aria-label={t('safety.outbox.title')} className="stack-list">
        {outbox.entries.map((entry) => (
          <li key={entry.id}>
            <WaitingReport entry={entry} outbox={outbox} />
          </li>
        ))}
      </ul>
    </section>
  );
}
