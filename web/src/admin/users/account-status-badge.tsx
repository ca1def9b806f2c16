import type { AccountStatus } from '@domain';
import { useTranslation } from 'react-i18next';
import '../../components/ui/status-tag.css';

/** Colour classes of components/ui/status-tag.css (`status-tag--<colour>`). */
const STATUS_COLORS = {
  enabled: 'green',
  disabled: 'red',
  noAccount: 'default',
} as const satisfies Record<AccountStatus, string>;

export type AccountStatusBadgeProps = { status: AccountStatus };

/** Account status of spec section 3: enabled, disabled or no account. */
export function AccountStatusBadge({ status }: AccountStatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${STATUS_COLORS[status]}`} data-status={status}>
      {t(`admin.users.status.${status}`)}
    </span>
  );
}
