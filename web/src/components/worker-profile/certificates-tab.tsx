import type { WorkerProfile } from '@domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { certificateStatus, type CertificateState } from './certificates';
import { DetailList } from './detail-list';
import { EMPTY_VALUE, formatDate } from './format';
import { Flex } from '../ui/flex';
import { Tag, type TagColor } from '../ui/tag';
import { Typography } from '../ui/typography';

export type CertificatesTabProps = {
  worker: WorkerProfile;
  /** YYYY-MM-DD; the day the statuses are computed for. */
  today: string;
};

const CERTIFICATES = [
  { key: 'ssg', field: 'ssgExpiry' },
  { key: 'greenCard', field: 'greenCardExpiry' },
  { key: 'hotWorkPermit', field: 'hotWorkPermitExpiry' },
] as const;

const TAG_COLOR = {
  expired: 'red',
  expiring: 'gold',
  valid: 'green',
  missing: 'default',
} as const satisfies Record<CertificateState['status'], TagColor>;

function statusText(t: TFunction, { status, daysLeft }: CertificateState): string {
  if (status === 'expiring') {
    return daysLeft === 0
      ? t('profile.certificates.status.expiresToday')
      : t('profile.certificates.status.expiresIn', { count: daysLeft ?? 0 });
  }
  return t(`profile.certificates.status.${status}`);
}

export function CertificatesTab({ worker, today }: CertificatesTabProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <DetailList
      items={CERTIFICATES.map(({ key, field }) => {
        const expiry = worker[field];
        const state = certificateStatus(expiry, today);
        return {
          key,
          label: t(`profile.certificates.${key}`),
          value: (
            <Flex align="center" gap="small" wrap>
              <Typography.Text>
                {t('profile.certificates.expiry')}: {expiry ? formatDate(expiry, language) : EMPTY_VALUE}
              </Typography.Text>
              <Tag color={TAG_COLOR[state.status]}>{statusText(t, state)}</Tag>
            </Flex>
          ),
        };
      })}
    />
  );
}
