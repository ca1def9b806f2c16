import { isRole } from '@domain';
import { useTranslation } from 'react-i18next';
import { WorkerProfileTabs } from '../components/worker-profile/worker-profile-tabs';
import { useAuth } from '../lib/auth/auth-context';
import { SettingsTab } from './settings-tab';
import { Flex } from '../components/ui/flex';
import { Tag } from '../components/ui/tag';
import { Typography } from '../components/ui/typography';
import './profile-page.css';

/** The signed-in user's profile (spec section 2, "/profile"; also the index route). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The route guard only renders this page for a signed-in user.
  if (!user) return null;

  const worker = user.profile?.worker ?? null;
  const roleLabel = isRole(user.role) ? t(`roles.${user.role}`) : user.role;

  return (
    <Flex vertical gap="middle" className="profile-page">
      <header>
        <Typography.Title level={2} className="profile-page-title">
          {user.name}
        </Typography.Title>
        <Flex align="center" gap="small" wrap>
          <Typography.Text type="secondary">{user.email}</Typography.Text>
          <Tag>{roleLabel}</Tag>
        </Flex>
      </header>
      <WorkerProfileTabs
        worker={worker}
        emptyText={t('profile.noWorker')}
        extraItems={[{ key: 'settings', label: t('profile.tabs.settings'), children: <SettingsTab /> }]}
      />
    </Flex>
  );
}
