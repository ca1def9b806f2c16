import { type TicketStatus, toTicketStatus } from '@domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The antd Tag colour of each status; `default` is antd's grey. */
export const STATUS_COLORS: Record<TicketStatus, string> = {
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
    <Tag color={STATUS_COLORS[known]} data-status={known} style={{ marginInlineEnd: 0 }}>
      {t(`tickets.status.${known}`)}
    </Tag>
  );
}
