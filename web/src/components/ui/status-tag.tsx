import { type TicketStatus, toTicketStatus } from '@domain';
import { useTranslation } from 'react-i18next';
import { Tag, type TagColor } from './tag';

/** The colour of each status (classes `status-tag--<colour>` in status-tag.css); `default` is grey. */
export const STATUS_COLORS: Record<TicketStatus, TagColor> = {
  new: 'blue',
  inProgress: 'gold',
  resolved: 'green',
  paid: 'green',
  sent: 'cyan',
  noted: 'purple',
  rejected: 'red',
  archived: 'default',
  other: 'default',
  unknown: 'default',
};

export type StatusTagProps = {
  /** A stored status; any value outside TICKET_STATUSES shows as "unknown". */
  status: unknown;
};

/** A ticket status as a coloured, translated tag (`tickets.status.<status>`). */
export function StatusTag({ status }: StatusTagProps) {
  const { t } = useTranslation();
  const known = toTicketStatus(status);
  return (
    <Tag color={STATUS_COLORS[known]} data-status={known}>
      {t(`tickets.status.${known}`)}
    </Tag>
  );
}
