import { PERMISSIONS, hasPermission } from '@domain';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { LogLevelSetting } from './log-level-setting';
import { PermissionTest } from './permission-test';
import { SecurityDebug } from './security-debug';
import { SecurityLogTest } from './security-log-test';
import './admin-debug.css';
import { Alert } from '../../components/ui/alert';
import { Flex } from '../../components/ui/flex';
import { Typography } from '../../components/ui/typography';

/**
 * /admin/debug (the route table admits admins with ACCESS_DEBUG_TOOLS, as the server wants): security
 * debug, permission test, test security log and the backend log level, one under another so each is
 * easy to find. The page still checks the permission itself, should it ever be rendered without it.
 */
export function AdminDebugPage() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const canUseTools = hasPermission(user, PERMISSIONS.ACCESS_DEBUG_TOOLS, rules);

  return (
    <Flex vertical gap="middle" className="admin-debug-page">
      <header>
        <Typography.Title level={2} className="admin-debug-title">
          {t('admin.debug.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('admin.debug.subtitle')}</Typography.Text>
      </header>
      {!canUseTools && <Alert type="error">{t('admin.debug.noDebugPermission')}</Alert>}
      <SecurityDebug />
      {canUseTools && (
        <>
          <PermissionTest />
          <SecurityLogTest />
          <LogLevelSetting />
        </>
      )}
    </Flex>
  );
}
