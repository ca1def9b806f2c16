import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router';
import { useAuth } from '../lib/auth/auth-context';
import { Alert } from '../components/ui/alert';
import { Button, buttonClassName } from '../components/ui/button';
import { ResultPanel } from '../components/ui/result-panel';
import { Typography } from '../components/ui/typography';
import { reportedText } from './report-text';
import { SafetyReportForm, type SubmittedSafetyReport } from './safety-report-form';
import { onSafetyReportSent } from './outbox/safety-outbox-sender';
import { WaitingReports } from './outbox/waiting-reports';
import { OwnReports } from './own-reports';

/**
 * "Your reports" on a tap: the list reads Firestore, which this page does not load otherwise (a
 * phone on a site's signal gets the form first).
 */
function OwnReportsToggle({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  if (isShown) return <OwnReports uid={uid} />;
  return (
    <div className="own-reports">
      <Button onClick={() => setIsShown(true)}>{t('safety.mine.show')}</Button>
    </div>
  );
}
import './report-danger-page.css';

type ReportSentProps = { report: SubmittedSafetyReport; onAnother: () => void };

/** The screen after the report arrived: when, to how many people, and where to follow it. */
function ReportSent({ report, onAnother }: ReportSentProps) {
  const { t, i18n } = useTranslation();
  return (
    <ResultPanel
      status="success"
      title={t('safety.form.doneTitle')}
      subTitle={reportedText(t, i18n.language, report.reportedAt, report.notifiedCount, report.reportedAt)}
      extra={
        <>
          <Link
            to={`/safety/${encodeURIComponent(report.reportId)}`}
            className={buttonClassName({ variant: 'primary' })}
          >
            {t('safety.form.follow')}
          </Link>
          <Button onClick={onAnother}>{t('safety.form.another')}</Button>
        </>
      }
    />
  );
}

type ReportQueuedProps = {
  requestId: string;
  onSent: (report: SubmittedSafetyReport) => void;
  onAnother: () => void;
};

/**
 * The screen after a report was kept on the phone for want of a connection; it turns into the
 * "Report sent" screen by itself when this tab sends it.
 */
function ReportQueued({ requestId, onSent, onAnother }: ReportQueuedProps) {
  const { t } = useTranslation();
  useEffect(
    () =>
      onSafetyReportSent((sent) => {
        if (sent.requestId !== requestId) return;
        onSent({
          reportId: sent.reportId,
          notifiedCount: sent.notifiedCount,
          reportedAt: new Date(sent.reportedAt),
        });
      }),
    [requestId, onSent],
  );
  return (
    <ResultPanel
      status="info"
      title={t('safety.outbox.queuedTitle')}
      subTitle={t('safety.outbox.queuedText')}
      extra={<Button onClick={onAnother}>{t('safety.form.another')}</Button>}
    />
  );
}

/**
 * /report-danger: a hazard, a near miss or an accident reported from the site in a few taps, the
 * worker's site filled in from the directory; once it arrived, when and to how many people, with a
 * link to follow it. Without a connection the report is kept on the phone and sent by itself; the
 * reports still waiting show above the form. Every signed-in worker may report.
 */
export function ReportDangerPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [sent, setSent] = useState<SubmittedSafetyReport | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  // A new round is a fresh form with a new request id.
  const [round, setRound] = useState(0);
  const another = () => {
    setRound((value) => value + 1);
    setSent(null);
    setQueued(null);
  };
  // The route guard only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <div className="page-narrow report-danger">
      <Typography.Title level={2} className="report-danger-title">
        {t('safety.form.title')}
      </Typography.Title>
      {sent ? (
        <ReportSent report={sent} onAnother={another} />
      ) : queued ? (
        <ReportQueued requestId={queued} onSent={setSent} onAnother={another} />
      ) : (
        <>
          <WaitingReports uid={user.uid} />
          <Typography.Paragraph>{t('safety.form.intro')}</Typography.Paragraph>
          <Alert type="warning" isIconShown className="report-danger-emergency">
            {t('safety.form.emergency')}
          </Alert>
          <SafetyReportForm
            key={round}
            initialSite={user.profile?.worker?.siteName ?? ''}
            onSubmitted={setSent}
            onQueued={setQueued}
          />
          <OwnReportsToggle uid={user.uid} />
        </>
      )}
    </div>
  );
}
