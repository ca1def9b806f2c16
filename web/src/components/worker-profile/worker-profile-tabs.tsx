import type { WorkerProfile } from '@domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignmentTab } from './assignment-tab';
import { CertificatesTab } from './certificates-tab';
import { PersonalTab } from './personal-tab';
import { WorkwearTab } from './workwear-tab';
import { EmptyState } from '../ui/empty-state';
import { Tabs, type TabItem } from '../ui/tabs';

export type WorkerProfileTabsProps = {
  /** The directory entry, or null when there is none. */
  worker: WorkerProfile | null;
  /** What each worker tab says without a directory entry. */
  emptyText: string;
  /** Tabs after the worker ones (the own profile's Settings). */
  extraItems?: readonly TabItem[];
};

/**
 * The worker profile of spec section 3 in four tabs (personal details, work assignment,
 * certifications, workwear): the same view on /profile and on the admin user profile.
 */
export function WorkerProfileTabs({ worker, emptyText, extraItems = [] }: WorkerProfileTabsProps) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');

  // Without a directory entry every worker tab says the same thing; extra tabs still work.
  const workerTab = (render: (linked: WorkerProfile) => ReactNode): ReactNode =>
    worker ? render(worker) : <EmptyState isSimple description={emptyText} />;

  return (
    <Tabs
      defaultActiveKey="personal"
      items={[
        {
          key: 'personal',
          label: t('profile.tabs.personal'),
          children: workerTab((linked) => <PersonalTab worker={linked} />),
        },
        {
          key: 'assignment',
          label: t('profile.tabs.assignment'),
          children: workerTab((linked) => <AssignmentTab worker={linked} />),
        },
        {
          key: 'certificates',
          label: t('profile.tabs.certificates'),
          children: workerTab((linked) => <CertificatesTab worker={linked} today={today} />),
        },
        {
          key: 'workwear',
          label: t('profile.tabs.workwear'),
          children: workerTab((linked) => <WorkwearTab worker={linked} />),
        },
        ...extraItems,
      ]}
    />
  );
}
