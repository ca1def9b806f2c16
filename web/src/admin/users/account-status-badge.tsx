import type { AccountStatus } from '@domain';
import { useTranslation } from 'react-i18next';
import { Tag, type TagColor } from '../../components/ui/tag';

/** The tag colour of each account status. */
const STATUS_COLORS = {
  enabled: 'green',
  disabled: 'red',
  noAccount: 'default',
} as const satisfies Record<AccountStatus, TagColor>;

export type AccountStatusBadgeProps = { status: AccountStatus };

/** An account status: enabled, disabled or no account. */
export function AccountStatusBadge({ status }: AccountStatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`admin.users.status.${status}`)}
    </Tag>
  );
}
