import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type StoredImage, StoredImageList } from '../components/stored-image';
import { Tag, type TagColor } from '../components/ui/tag';
import { Typography } from '../components/ui/typography';

export type ReportRow = { key: string; label: string; value: ReactNode };

/** A stored code in the reader's language (`safety.kinds.scaffold` -> "Scaffold"); '—' for none. */
export const named = (t: TFunction, prefix: string, value: string) =>
  value ? t(`${prefix}.${value}`, { defaultValue: value }) : '—';

const STATUS_COLORS: Record<string, TagColor> = {
  open: 'gold',
  acknowledged: 'blue',
  madeSafe: 'green',
  closed: 'default',
};

/** A report's status as a coloured tag in the reader's language: open gold, made safe green. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-status={status}>
      {named(t, 'safety.statuses', status)}
    </Tag>
  );
}

type ReportFacts = {
  kind: string;
  type: string;
  urgency: string;
  status: string;
  site: string;
  siteArea: string;
};

/** The facts every view of a report shows first: what, which kind of event, how urgent, where. */
export const factRows = (t: TFunction, report: ReportFacts): ReportRow[] => [
  { key: 'kind', label: t('safety.report.kind'), value: named(t, 'safety.kinds', report.kind) },
  { key: 'type', label: t('safety.report.type'), value: named(t, 'safety.types', report.type) },
  { key: 'urgency', label: t('safety.report.urgency'), value: named(t, 'safety.urgencies', report.urgency) },
  { key: 'status', label: t('safety.report.status'), value: named(t, 'safety.statuses', report.status) },
  { key: 'site', label: t('safety.report.site'), value: report.site || '—' },
  { key: 'siteArea', label: t('safety.report.siteArea'), value: report.siteArea || '—' },
];

type PhotosProps = { title: string; photos: readonly StoredImage[] };

/** A titled row of a report's photos, each opening large in a new tab; nothing without photos. */
function PhotoSection({ title, photos }: PhotosProps) {
  const { t } = useTranslation();
  const titleId = useId();
  if (photos.length === 0) return null;
  return (
    <section className="safety-report-section" aria-labelledby={titleId}>
      <Typography.Title level={3} className="safety-report-subtitle" id={titleId}>
        {title}
      </Typography.Title>
      <StoredImageList
        files={[...photos]}
        label={title}
        altOf={(index) => t('safety.form.photoAlt', { number: index + 1 })}
      />
    </section>
  );
}

type ReportFieldsProps = {
  rows: readonly ReportRow[];
  description: string;
  /** The report's photos, and those added when it was made safe. */
  photos?: readonly StoredImage[];
  madeSafePhotos?: readonly StoredImage[];
};

/**
 * A report's facts as a list of labelled values, then its description and photos: the reporter's
 * and the handlers' view.
 */
export function ReportFields({ rows, description, photos = [], madeSafePhotos = [] }: ReportFieldsProps) {
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
      <PhotoSection title={t('safety.report.photos')} photos={photos} />
      <PhotoSection title={t('safety.report.madeSafePhotos')} photos={madeSafePhotos} />
    </>
  );
}
