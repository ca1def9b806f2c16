import type { WorkerProfile } from '@domain';
import { useTranslation } from 'react-i18next';
import { DetailList, type DetailItem } from './detail-list';
import { telHref } from './format';
import { SensitiveValue } from './sensitive-value';
import { Typography } from '../ui/typography';

export type PersonalTabProps = {
  worker: WorkerProfile;
};

const SENSITIVE_FIELDS = ['pesel', 'ssn', 'taxNumber', 'swedishPersonalNumber', 'bankAccount'] as const;

export function PersonalTab({ worker }: PersonalTabProps) {
  const { t } = useTranslation();
  const items: DetailItem[] = [
    { key: 'email', label: t('profile.personal.email'), value: worker.email },
    {
      key: 'phone',
      label: t('profile.personal.phone'),
      value: worker.phone && <Typography.Link href={telHref(worker.phone)}>{worker.phone}</Typography.Link>,
    },
    { key: 'location', label: t('profile.personal.location'), value: worker.location },
    { key: 'employeeId', label: t('profile.personal.employeeId'), value: worker.employeeId },
    { key: 'jobTitle', label: t('profile.personal.jobTitle'), value: worker.jobTitle },
    { key: 'personalAddress', label: t('profile.personal.personalAddress'), value: worker.personalAddress },
    ...SENSITIVE_FIELDS.map((field) => {
      const value = worker[field];
      return {
        key: field,
        label: t(`profile.personal.${field}`),
        value: value && (
          <SensitiveValue
            value={value}
            showLabel={t(`profile.personal.show.${field}`)}
            hideLabel={t(`profile.personal.hide.${field}`)}
          />
        ),
      };
    }),
  ];
  return <DetailList items={items} />;
}
