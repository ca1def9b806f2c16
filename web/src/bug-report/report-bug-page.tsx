import { hasPermission } from '@domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../lib/router';
import { useAuth } from '../lib/auth/auth-context';
import { BugReportForm } from './bug-report-form';
import { appVersion, browserInfo, initialPage } from './report-context';
import { Typography } from '../components/ui/typography';
import { Button, buttonClassName } from '../components/ui/button';
import { ResultNote, ResultPanel } from '../components/ui/result-panel';
import './report-bug-page.css';

type ThankYouProps = { onAnother: () => void };

/** The screen after a report was stored. */
function ThankYou({ onAnother }: ThankYouProps) {
  const { t } = useTranslation();
  return (
    <ResultPanel
      status="success"
      title={t('bugReport.doneTitle')}
      subTitle={t('bugReport.doneText')}
      extra={
        <>
          <Button variant="primary" onClick={onAnother}>
            {t('bugReport.another')}
          </Button>
          <Link to="/profile" className={buttonClassName({})}>
            {t('bugReport.backToProfile')}
          </Link>
        </>
      }
    />
  );
}

/**
 * /report-bug: the bug report form, with the page the worker came from filled in and the browser
 * and app version attached; a thank-you screen once the report is stored. Without SUBMIT_BUG_REPORT
 * (the sidebar shows the entry disabled) the page says why instead; submitBugReport refuses anyway.
 */
export function ReportBugPage() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const canReport = hasPermission(user, 'SUBMIT_BUG_REPORT', rules);
  const location = useLocation();
  const [isDone, setIsDone] = useState(false);
  // A new round is a fresh form with a new request id.
  const [round, setRound] = useState(0);
  const page = useMemo(
    () => initialPage(location.state, document.referrer, window.location.origin),
    [location.state],
  );
  const environment = useMemo(() => ({ browser: browserInfo(), appVersion: appVersion() }), []);

  return (
    <div className="page-narrow">
      <Typography.Title level={2} className="report-bug-title">
        {t('bugReport.title')}
      </Typography.Title>
      {!canReport ? (
        <ResultNote
          role="alert"
          text={t('bugReport.notAllowed')}
          extra={
            <Link to="/profile" className={buttonClassName({})}>
              {t('bugReport.backToProfile')}
            </Link>
          }
        />
      ) : isDone ? (
        <ThankYou
          onAnother={() => {
            setRound((value) => value + 1);
            setIsDone(false);
          }}
        />
      ) : (
        <>
          <Typography.Paragraph>{t('bugReport.intro')}</Typography.Paragraph>
          <BugReportForm
            key={round}
            initialPage={page}
            browser={environment.browser}
            appVersion={environment.appVersion}
            onSubmitted={() => setIsDone(true)}
          />
        </>
      )}
    </div>
  );
}
