import { toTicketStatus } from '@domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityChange, ActivityEntry } from '../api/ticket-model';
import { categoryName, subcategoryName } from '../shared/category-labels';
import { EMPTY_VALUE, formatDateTime } from '../shared/format';
import { Typography } from '../../components/ui/typography';
import './activity-log.css';
import './ticket-details-page.css';

export type ActivityLogProps = {
  entries: ActivityEntry[];
  /** The ticket's category: subcategory values are named within it. */
  category: string;
};

/** A logged value as a reader says it: statuses and categories translated, empty as a dash. */
function valueLabel(t: TFunction, field: string, value: string | null, category: string): string {
  if (value === null || value === '') return EMPTY_VALUE;
  if (field === 'status') return t(`tickets.status.${toTicketStatus(value)}`);
  if (field === 'category') return categoryName(t, value);
  if (field === 'subcategory') return subcategoryName(t, category, value);
  if (field === 'archived') return value === 'true' ? t('tickets.details.yes') : t('tickets.details.no');
  return value;
}

/** An item's confirmation is logged as the field `items.<name>` (itemActivityField). */
const ITEM_FIELD_PREFIX = 'items.';

/** One line of the log: "Ticket created" or "Status changed from “New” to “In progress”". */
export function describeChange(t: TFunction, change: ActivityChange, category: string): string {
  if (change.type === 'created') return t('tickets.details.activityCreated');
  if (change.type === 'other') return t('tickets.details.activityOther');
  if (change.field === 'update') return t('tickets.details.activityUpdate', { text: change.to ?? '' });
  if (change.field.startsWith(ITEM_FIELD_PREFIX)) {
    const name = change.field.slice(ITEM_FIELD_PREFIX.length);
    return change.to === 'confirmed'
      ? t('tickets.details.activityItemConfirmed', { name })
      : t('tickets.details.activityItemUnconfirmed', { name });
  }
  return t('tickets.details.activityChanged', {
    field: t(`tickets.fields.${change.field}`, { defaultValue: change.field }),
    from: valueLabel(t, change.field, change.from, category),
    to: valueLabel(t, change.field, change.to, category),
  });
}

/** The activity log, oldest first: what changed, who changed it and when. */
export function ActivityLog({ entries, category }: ActivityLogProps) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) {
    return <Typography.Text type="secondary">{t('tickets.details.noActivity')}</Typography.Text>;
  }
  // A plain list with CSS dots rather than antd Timeline, which brings Steps (about 9 KB gzip).
  return (
    <ol className="activity-log">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={`activity-log-item${entry.change.type === 'created' ? ' is-created' : ''}`}
        >
          <Typography.Text>{describeChange(t, entry.change, category)}</Typography.Text>
          <br />
          <Typography.Text type="secondary" className="ticket-by-at">
            {t('tickets.details.byAt', {
              name: entry.by?.name || EMPTY_VALUE,
              date: formatDateTime(entry.at, i18n.language),
            })}
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}
