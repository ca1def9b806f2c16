import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography } from '../components/ui/typography';

export type ReportRow = { key: string; label: string; value: ReactNode };

/** A report's facts as a list of labelled values, then its description: the reporter's and the handlers' view. */
export function ReportFields({ rows, description }: { rows: readonly ReportRow[]; description: string }) {
  const { t } = useTranslation();
  const descriptionTitleId = useId();
  return (
    <>
      <dl className="safety-report-fields">
        {rows.map(({ key, label, value }) => (
          <div className="safety-report-field" key={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="safety-report-section" aria-labelledby={descriptionTitleId}>
        <Typography.Title level={3} className="safety-report-subtitle" id={descriptionTitleId}>
          {t('safety.report.description')}
        </Typography.Title>
        <p className="safety-report-description">{description}</p>
      </section>
    </>
  );
}
