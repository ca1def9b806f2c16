import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router';
import { Spinner } from '../components/ui/spinner';
import { Typography } from '../components/ui/typography';
import { useOwnSafetyReports } from './api/report-reads';
import { StatusTag, named } from './report-fields';
import { momentText } from './report-text';
import './report-list.css';
import './own-reports.css';

/**
 * The reporter's own reports, newest first, live: what, when, and where each stands now, each
 * opening its page. Reports made without the name are here too (their copies are the reporter's
 * alone), so an anonymous reporter, whom no notification reaches, still follows each one.
 */
export function OwnReports({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const state = useOwnSafetyReports(uid);
  if (state.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (state.status === 'error') {
    return (
      <Typography.Paragraph type="secondary" className="report-list own-reports">
        {t('safety.mine.loadFailed')}
      </Typography.Paragraph>
    );
  }
  if (state.reports.length === 0) {
    return (
      <Typography.Paragraph type="secondary" className="own-reports">
        {t('safety.mine.none')}
      </Typography.Paragraph>
    );
  }
  return (
    <section className="report-list own-reports" aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId} className="report-list-title">
        {t('safety.mine.title')}
      </Typography.Title>
      <ul className="stack-list" aria-labelledby={titleId}>
        {state.reports.map((report) => (
          <li key={report.id}>
            <Link to={`/safety/${encodeURIComponent(report.id)}`} className="report-card">
              <span className="report-card-head">
                <span className="report-card-what">
                  {named(t, 'safety.kinds', report.kind)} · {named(t, 'safety.urgencies', report.urgency)}
                </span>
                <StatusTag status={report.status} />
              </span>
              <span className="own-report-meta">
                {report.createdAt && momentText(t, i18n.language, 'safety.mine.reported', report.createdAt)}
                {report.anonymous && ` · ${t('safety.mine.anonymous')}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
