import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { LiveLoading } from '../../components/live-loading';
import { OfflineNotice } from '../../components/offline-notice';
import { Button } from '../../components/ui/button';
import { WarningOutlined } from '../../components/ui/icons';
import { Select } from '../../components/ui/select';
import { Typography } from '../../components/ui/typography';
import { type HandledSafetyReport, isOfSite, sitesOf, sortForQueue } from './handled-report-model';
import { useSafetyQueue } from './api/handled-report-reads';
import { UrgencyTag } from './handled-report-view';
import { StatusTag, named } from '../report-fields';
import './handling.css';

/** How long ago a report was made: "5 min ago", "3 h ago", "2 days ago". */
export function ageText(t: TFunction, createdAt: Date | null, now: Date = new Date()): string {
  if (!createdAt) return '—';
  const minutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  if (minutes < 60) return t('safety.handling.queue.ageMinutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('safety.handling.queue.ageHours', { count: hours });
  return t('safety.handling.queue.ageDays', { count: Math.floor(hours / 24) });
}

function QueueRow({ report }: { report: HandledSafetyReport }) {
  const { t } = useTranslation();
  return (
    <li className={`safety-queue-row${report.urgency === 'lifeThreatening' ? ' is-life' : ''}`}>
      <Link to={`/safety/${report.id}`} className="safety-queue-link" data-report={report.id}>
        <span className="safety-queue-line">
          <UrgencyTag urgency={report.urgency} />
          <StatusTag status={report.status} />
        </span>
        <span className="safety-queue-kind">{named(t, 'safety.kinds', report.kind)}</span>
        <span className="safety-queue-meta">
          <span>{report.site || '—'}</span>
          <span>{ageText(t, report.createdAt)}</span>
          {report.minutesToAcknowledge !== null && (
            <span>
              {t('safety.handling.queue.minutesToAcknowledge', { count: report.minutesToAcknowledge })}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * /safety-queue (holders of HANDLE_SAFETY_REPORTS): the newest reports, live, open ones first, the
 * most urgent first, the oldest first; a site filter from the sites the reports name. Each row
 * opens the report.
 */
export function SafetyQueuePage() {
  const { t } = useTranslation();
  const filterId = useId();
  const result = useSafetyQueue();
  const [site, setSite] = useState<string | undefined>();
  const reports = result.status === 'ready' ? result.reports : null;
  const sites = useMemo(() => (reports ? sitesOf(reports) : []), [reports]);
  const shown = useMemo(() => {
    if (!reports) return [];
    const sorted = sortForQueue(reports);
    return site === undefined ? sorted : sorted.filter((report) => isOfSite(report, site));
  }, [reports, site]);

  return (
    <div className="safety-queue">
      <header className="safety-queue-header">
        <Typography.Title level={2} className="safety-report-title">
          {t('safety.handling.queue.title')}
        </Typography.Title>
        <p className="safety-queue-intro">{t('safety.handling.queue.intro')}</p>
      </header>
      {result.status === 'loading' && <LiveLoading isBlock isFromCache={result.isFromCache} />}
      {result.status === 'error' && (
        <div role="alert" className="safety-report-alert">
          <span>
            <WarningOutlined aria-hidden /> {t('safety.handling.queue.loadFailed')}
          </span>
          <Button size="small" onClick={result.retry}>
            {t('safety.report.retry')}
          </Button>
        </div>
      )}
      {reports && (
        <>
          <OfflineNotice isFromCache={result.isFromCache} />
          <div className="safety-queue-filter">
            <label htmlFor={filterId}>{t('safety.handling.queue.siteFilter')}</label>
            <Select
              id={filterId}
              value={site}
              onChange={setSite}
              placeholder={t('safety.handling.queue.allSites')}
              options={sites.map((name) => ({ value: name, label: name }))}
            />
          </div>
          {shown.length === 0 ? (
            <p className="safety-queue-empty">{t('safety.handling.queue.empty')}</p>
          ) : (
            <ul className="safety-queue-rows" aria-label={t('safety.handling.queue.listLabel')}>
              {shown.map((report) => (
                <QueueRow key={report.id} report={report} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
