import { isRole, type WorkerProfile } from '@domain';
import { Empty, Flex, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth/auth-context';
import { AssignmentTab } from './assignment-tab';
import { CertificatesTab } from './certificates-tab';
import { PersonalTab } from './personal-tab';
import { SettingsTab } from './settings-tab';
import { WorkwearTab } from './workwear-tab';

/** The signed-in user's profile (spec section 2, "/profile"; also the index route). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The route guard only renders this page for a signed-in user.
  if (!user) return null;

  const worker = user.profile?.worker ?? null;
  const today = dayjs().format('YYYY-MM-DD');
  const roleLabel = isRole(user.role) ? t(`roles.${user.role}`) : user.role;

  // Without a directory entry every worker tab says the same thing; Settings still works.
  const workerTab = (render: (linked: WorkerProfile) => ReactNode): ReactNode =>
    worker ? (
      render(worker)
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noWorker')} />
    );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <header>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {user.name}
        </Typography.Title>
        <Flex align="center" gap={8} wrap>
          <Typography.Text type="secondary">{user.email}</Typography.Text>
          <Tag>{roleLabel}</Tag>
        </Flex>
      </header>
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
          { key: 'settings', label: t('profile.tabs.settings'), children: <SettingsTab /> },
        ]}
      />
    </Flex>
  );
}
