import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../lib/router';
import { useAuth } from '../lib/auth/auth-context';
import { LiveLoading } from '../components/live-loading';
import { OfflineNotice } from '../components/offline-notice';
import { Button, buttonClassName } from '../components/ui/button';
import { WarningOutlined } from '../components/ui/icons';
import { ResultPanel } from '../components/ui/result-panel';
import { Tag, type TagColor } from '../components/ui/tag';
import { Typography } from '../components/ui/typography';
import { type OwnSafetyReport, type ReportStep, reportSteps } from './api/report-model';
import { useOwnSafetyReport } from './api/report-reads';
import { HandledReportView } from './handling/handled-report-view';
import { useHandledSafetyReport } from './handling/api/handled-report-reads';
import { momentText, reportedText } from './report-text';
import './safety-report-page.css';
import { ReportFields, StatusTag, factRows, named } from './report-fields';

const URGENCY_COLORS: Record<string, TagColor> = {
  lifeThreatening: 'red',
  serious: 'gold',
  minor: 'default',
};

/** The roles a step's text names ("site foreman"); another role shows the name alone. */
const ROLES_NAMED = new Set(['foreman', 'manager', 'manager_pl', 'admin']);

/** What one step says: "Seen by Anna at 10:50", "Made safe at 11:05: Barrier put up". */
function stepText(t: TFunction, language: string, step: ReportStep): string {
  switch (step.kind) {
    case 'seen':
      // "Seen by Anna Nowak (site foreman) at 10:44": who, and in which role, for the reporter to know
      // the report reached someone in charge.
      return ROLES_NAMED.has(step.role)
        ? momentText(t, language, 'safety.report.seenAs', step.at, {
            name: step.name,
            role: t(`safety.report.roles.${step.role}`),
          })
        : momentText(t, language, 'safety.report.seen', step.at, { name: step.name });
    case 'madeSafe':
      return momentText(t, language, 'safety.report.madeSafe', step.at, { text: step.text });
    case 'update':
      return momentText(t, language, 'safety.report.update', step.at, { text: step.text });
    case 'closed':
      return momentText(t, language, 'safety.report.closed', step.at);
  }
}

type Row = { key: string; label: string; value: ReactNode };

function ReportView({ report, isFromCache }: { report: OwnSafetyReport; isFromCache: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const stepsTitleId = useId();
  const steps = reportSteps(report);
  const rows: Row[] = [...factRows(t, report)];
  return (
    <article className="safety-report">
      <header className="safety-report-header">
        <Typography.Title level={2} className="safety-report-title">
          {t('safety.report.title')}
        </Typography.Title>
        <div className="safety-report-tags">
          <Tag color={URGENCY_COLORS[report.urgency] ?? 'default'}>
            {report.urgency === 'lifeThreatening' && <WarningOutlined aria-hidden />}{' '}
            {named(t, 'safety.urgencies', report.urgency)}
          </Tag>
          <StatusTag status={report.status} />
        </div>
      </header>
      <OfflineNotice isFromCache={isFromCache} />
      {report.createdAt && (
        <p className="safety-report-sent">
          {reportedText(t, language, report.createdAt, report.notifiedCount)}
        </p>
      )}
      {report.anonymous && <p className="safety-report-anonymous">{t('safety.report.anonymous')}</p>}
      <ReportFields
        rows={rows}
        description={report.description}
        photos={report.photos}
        madeSafePhotos={report.madeSafePhotos}
      />
      <section className="safety-report-section" aria-labelledby={stepsTitleId}>
        <Typography.Title level={3} className="safety-report-subtitle" id={stepsTitleId}>
          {t('safety.report.steps')}
        </Typography.Title>
        <ol className="safety-report-steps">
          {steps.map((step) => (
            <li key={`${step.kind}-${step.at.getTime()}`} className={`safety-report-step is-${step.kind}`}>
              {stepText(t, language, step)}
            </li>
          ))}
          {report.status === 'open' && (
            <li className="safety-report-step is-waiting">{t('safety.report.waiting')}</li>
          )}
        </ol>
      </section>
    </article>
  );
}

/** The report cannot be shown: it does not exist, or it is not this user's to follow. */
function ReportNotFound() {
  const { t } = useTranslation();
  return (
    <ResultPanel
      status="notFound"
      title={t('safety.report.notFoundTitle')}
      subTitle={t('safety.report.notFoundText')}
      extra={
        <Link to="/report-danger" className={buttonClassName({ variant: 'primary' })}>
          {t('nav.reportDanger')}
        </Link>
      }
    />
  );
}

/** The report could not be read: says so, with a button that reads it again. */
function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="safety-report-alert">
      <span>
        <WarningOutlined aria-hidden /> {t('safety.report.loadFailed')}
      </span>
      <Button size="small" onClick={retry}>
        {t('safety.report.retry')}
      </Button>
    </div>
  );
}

/**
 * /safety/:reportId: a report as its reporter follows it, live from their own copy: what was
 * reported, when and to how many people, and each step as it comes (seen, made safe, closed, the
 * last update). When the user has no copy of their own (they did not make the report, or the rules
 * refuse it), the report itself is read live instead, as the people told of it and its handlers see
 * it (HandledReportView); a report neither read finds shows as not found.
 */
export function SafetyReportPage() {
  const { reportId } = useParams();
  const { user } = useAuth();
  const own = useOwnSafetyReport(user?.uid, reportId);
  const handled = useHandledSafetyReport(own.status === 'notFound' ? reportId : undefined);

  if (own.status === 'loading') return <LiveLoading isBlock isFromCache={own.isFromCache} />;
  if (own.status === 'error') return <LoadFailed retry={own.retry} />;
  if (own.status === 'ready') return <ReportView report={own.report} isFromCache={own.isFromCache} />;
  if (handled.status === 'loading') return <LiveLoading isBlock isFromCache={handled.isFromCache} />;
  if (handled.status === 'error') return <LoadFailed retry={handled.retry} />;
  if (handled.status === 'ready') {
    return <HandledReportView report={handled.report} isFromCache={handled.isFromCache} />;
  }
  return <ReportNotFound />;
}
