import { PERMISSIONS, hasPermission } from '@domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineNotice } from '../../components/offline-notice';
import { WarningOutlined } from '../../components/ui/icons';
import { Tag } from '../../components/ui/tag';
import { Typography } from '../../components/ui/typography';
import { useAuth } from '../../lib/auth/auth-context';
import { momentText } from '../report-text';
import { type HandledSafetyReport, mapLink } from './handled-report-model';
import { ReportStepActions } from './report-step-actions';
import './handling.css';
import { ReportFields, StatusTag, factRows, named } from '../report-fields';

/** A stored value's text under `prefix`, or the value itself when this version knows no text for it. */
/** The urgency as a tag; immediate danger to life in strong red with a warning sign. */
export function UrgencyTag({ urgency }: { urgency: string }) {
  const { t } = useTranslation();
  const isLife = urgency === 'lifeThreatening';
  return (
    <Tag
      color={isLife ? 'red' : urgency === 'serious' ? 'gold' : 'default'}
      className={isLife ? 'safety-urgency-life' : undefined}
      data-urgency={urgency}
    >
      {isLife && <WarningOutlined aria-hidden />} {named(t, 'safety.urgencies', urgency)}
    </Tag>
  );
}

type Row = { key: string; label: string; value: ReactNode };

/** The steps taken on the report, oldest first, each with who took it and when. */
function stepLines(
  t: TFunction,
  language: string,
  report: HandledSafetyReport,
): { key: string; text: string; at: Date }[] {
  const lines: { key: string; text: string; at: Date }[] = [];
  const who = (actor: { name: string } | null) => actor?.name ?? t('safety.handling.someone');
  if (report.acknowledgedAt) {
    lines.push({
      key: 'acknowledged',
      at: report.acknowledgedAt,
      text: momentText(t, language, 'safety.handling.steps.acknowledged', report.acknowledgedAt, {
        name: who(report.acknowledgedBy),
      }),
    });
  }
  if (report.madeSafeAt) {
    lines.push({
      key: 'madeSafe',
      at: report.madeSafeAt,
      text: momentText(t, language, 'safety.handling.steps.madeSafe', report.madeSafeAt, {
        name: who(report.madeSafeBy),
        text: report.madeSafeText,
      }),
    });
  }
  const isMadeSafeText =
    report.lastUpdateAt !== null && report.madeSafeAt?.getTime() === report.lastUpdateAt.getTime();
  if (report.lastUpdateAt && report.lastUpdateText.trim() !== '' && !isMadeSafeText) {
    lines.push({
      key: 'update',
      at: report.lastUpdateAt,
      text: momentText(t, language, 'safety.handling.steps.lastUpdate', report.lastUpdateAt, {
        text: report.lastUpdateText,
      }),
    });
  }
  if (report.closedAt) {
    lines.push({
      key: 'closed',
      at: report.closedAt,
      text: momentText(t, language, 'safety.handling.steps.closed', report.closedAt, {
        name: who(report.closedBy),
      }),
    });
  }
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * A report as the people told of it read it (the site's foremen, the handlers): everything the
 * reporter gave but their name when they gave none, each step with who took it, and for holders of
 * HANDLE_SAFETY_REPORTS the steps they may take next.
 */
export function HandledReportView({
  report,
  isFromCache,
}: {
  report: HandledSafetyReport;
  isFromCache: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { user, rules } = useAuth();
  const language = i18n.language;
  const stepsTitleId = useId();
  const canHandle = hasPermission(user, PERMISSIONS.HANDLE_SAFETY_REPORTS, rules);
  const steps = stepLines(t, language, report);
  const { location } = report;
  const rows: Row[] = [
    ...factRows(t, report),
    {
      key: 'reporter',
      label: t('safety.handling.reporter'),
      value: report.reporterName ?? t('safety.handling.withoutName'),
    },
    {
      key: 'reportedAt',
      label: t('safety.handling.reportedAt'),
      value: report.createdAt ? momentText(t, language, 'safety.handling.moment', report.createdAt) : '—',
    },
    {
      key: 'location',
      label: t('safety.handling.location'),
      value: location ? (
        <>
          <span>
            {t('safety.handling.coordinates', {
              latitude: location.latitude.toFixed(5),
              longitude: location.longitude.toFixed(5),
              meters: Math.round(location.accuracyMeters),
            })}
          </span>{' '}
          <a href={mapLink(location)} target="_blank" rel="noopener noreferrer">
            {t('safety.handling.openMap')}
          </a>
        </>
      ) : (
        t('safety.handling.noLocation')
      ),
    },
    {
      key: 'photos',
      label: t('safety.handling.photos'),
      value: t('safety.handling.photoCount', { count: report.photoCount }),
    },
  ];
  return (
    <article className="safety-report safety-handled" data-urgency={report.urgency}>
      <header className="safety-report-header">
        <Typography.Title level={2} className="safety-report-title">
          {t('safety.report.title')}
        </Typography.Title>
        {report.urgency === 'lifeThreatening' && (
          <p className="safety-handled-life" role="note">
            <WarningOutlined aria-hidden /> {t('safety.handling.lifeThreatening')}
          </p>
        )}
        <div className="safety-report-tags">
          <UrgencyTag urgency={report.urgency} />
          <StatusTag status={report.status} />
        </div>
      </header>
      <OfflineNotice isFromCache={isFromCache} />
      {canHandle && <ReportStepActions reportId={report.id} status={report.status} />}
      <ReportFields
        rows={rows}
        description={report.description}
        photos={report.photos}
        madeSafePhotos={report.madeSafePhotos}
      />
      <section className="safety-report-section" aria-labelledby={stepsTitleId}>
        <Typography.Title level={3} className="safety-report-subtitle" id={stepsTitleId}>
          {t('safety.handling.stepsTitle')}
        </Typography.Title>
        <ol className="safety-report-steps">
          {steps.map((step) => (
            <li key={step.key} className={`safety-report-step is-${step.key}`}>
              {step.text}
            </li>
          ))}
          {report.status === 'open' && (
            <li className="safety-report-step is-waiting">{t('safety.handling.notAcknowledged')}</li>
          )}
        </ol>
        {report.updatedAt && (
          <p className="safety-handled-updated">
            {momentText(t, language, 'safety.handling.lastChange', report.updatedAt)}
          </p>
        )}
      </section>
    </article>
  );
}
