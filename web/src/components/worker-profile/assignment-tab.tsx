import type { WorkerProfile } from '@domain';
import { useTranslation } from 'react-i18next';
import { DetailList } from './detail-list';
import { formatDate, telHref } from './format';
import { Typography } from '../ui/typography';

export type AssignmentTabProps = {
  worker: WorkerProfile;
};

export function AssignmentTab({ worker }: AssignmentTabProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <DetailList
      items={[
        {
          key: 'currentProject',
          label: t('profile.assignment.currentProject'),
          value: worker.currentProject,
        },
        { key: 'siteName', label: t('profile.assignment.siteName'), value: worker.siteName },
        { key: 'siteAddress', label: t('profile.assignment.siteAddress'), value: worker.siteAddress },
        {
          key: 'accommodationAddress',
          label: t('profile.assignment.accommodationAddress'),
          value: worker.accommodationAddress,
        },
        {
          key: 'rotationStart',
          label: t('profile.assignment.rotationStart'),
          value: worker.rotationStart && formatDate(worker.rotationStart, language),
        },
        {
          key: 'rotationReturn',
          label: t('profile.assignment.rotationReturn'),
          value: worker.rotationReturn && formatDate(worker.rotationReturn, language),
        },
        {
          key: 'supervisorName',
          label: t('profile.assignment.supervisorName'),
          value: worker.supervisorName,
        },
        {
          key: 'supervisorPhone',
          label: t('profile.assignment.supervisorPhone'),
          value: worker.supervisorPhone && (
            <Typography.Link href={telHref(worker.supervisorPhone)}>{worker.supervisorPhone}</Typography.Link>
          ),
        },
      ]}
    />
  );
}
