import { type GetUserProfileResponse, displayNameOf } from '@domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from '../../lib/router';
import { WorkerProfileTabs } from '../../components/worker-profile/worker-profile-tabs';
import { AccountStatusBadge } from '../users/account-status-badge';
import { EMPTY_VALUE, formatMoment } from '../users/format';
import { useCallableRead } from '../../lib/use-callable';
import type { UserListLinkState } from '../users/user-list-page';
import { AccountStatusDialog } from './account-status-dialog';
import { CreateAccountDialog } from './create-account-dialog';
import { EditPermissionsDialog } from './edit-permissions-dialog';
import { EditRoleDialog } from './edit-role-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { WorkerDetailsDialog } from './worker-details-dialog';
import '../users/admin-common.css';
import './admin-profile.css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Flex } from '../../components/ui/flex';
import { Tag } from '../../components/ui/tag';
import { Typography } from '../../components/ui/typography';
import { LoadingLine } from '../../components/ui/spinner';

type DialogName = 'role' | 'permissions' | 'password' | 'status' | 'worker' | 'account';

/** Codes that mean "there is no such user" rather than "loading failed". */
const NOT_FOUND_CODES = new Set(['not-found', 'invalid-argument']);

/**
 * /admin/profile/{userId}: a user's account (the admin user view of spec section 3), their worker
 * profile, and the actions the caller may take, each offered only when the server says it is
 * allowed (and refused by the server regardless).
 */
export function AdminProfilePage() {
  const { t, i18n } = useTranslation();
  const { userId = '' } = useParams();
  const location = useLocation();
  const listSearch = (location.state as UserListLinkState | null)?.listSearch ?? '';
  const result = useCallableRead('getUserProfile', userId ? { userId } : null);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const backLink = (
    <Link to={`/admin/users${listSearch ? `?${listSearch}` : ''}`} className="admin-back-link">
      {t('admin.profile.back')}
    </Link>
  );

  const { failure } = result;
  if (failure && NOT_FOUND_CODES.has(failure.code)) {
    return (
      <div className="admin-profile">
        {backLink}
        <section className="admin-panel admin-not-found" aria-labelledby="admin-not-found-title">
          <h2 id="admin-not-found-title">{t('admin.profile.notFoundTitle')}</h2>
          <p>{t('admin.profile.notFoundText', { id: userId })}</p>
          <Link to="/admin/users">{t('admin.profile.toList')}</Link>
        </section>
      </div>
    );
  }
  const retry = failure && (
    <Alert type="error">
      <span className="admin-message-row">
        {t(failure.messageKey)}
        <Button onClick={result.reload}>{t('admin.common.retry')}</Button>
      </span>
    </Alert>
  );
  if (!result.data) {
    return (
      <div className="admin-profile">
        {backLink}
        {retry ?? <LoadingLine>{t('admin.profile.loading')}</LoadingLine>}
      </div>
    );
  }

  const profile = result.data;
  const { account, worker, allowed } = profile;
  const close = () => setDialog(null);
  const changed = result.reload;

  return (
    <div className="admin-profile" aria-busy={result.isLoading || undefined}>
      {backLink}
      {retry}
      <ProfileHeader profile={profile} />

      <ActionBar profile={profile} onOpen={setDialog} />

      <AccountSection profile={profile} />

      <section className="admin-profile-section" aria-labelledby="admin-worker-title">
        <h3 id="admin-worker-title">{t('admin.profile.workerTitle')}</h3>
        {worker && profile.workerDataAsOf && (
          <p className="admin-profile-freshness">
            {t('admin.profile.boardDataAsOf', { time: formatMoment(profile.workerDataAsOf, i18n.language) })}
          </p>
        )}
        {worker ? (
          <WorkerProfileTabs worker={worker} emptyText={t('admin.profile.noDirectoryEntry')} />
        ) : (
          <p className="admin-panel">{t('admin.profile.noDirectoryEntry')}</p>
        )}
      </section>

      {dialog === 'role' && account && (
        <EditRoleDialog
          account={account}
          assignableRoles={allowed.assignableRoles}
          onClose={close}
          onChanged={changed}
        />
      )}
      {dialog === 'permissions' && account && (
        <EditPermissionsDialog account={account} onClose={close} onChanged={changed} />
      )}
      {dialog === 'password' && account && (
        <ResetPasswordDialog account={account} onClose={close} onChanged={changed} />
      )}
      {dialog === 'status' && account && (
        <AccountStatusDialog account={account} onClose={close} onChanged={changed} />
      )}
      {dialog === 'worker' && worker && (
        <WorkerDetailsDialog
          worker={worker}
          fieldLabels={profile.workerFieldLabels}
          onClose={close}
          onChanged={changed}
        />
      )}
      {dialog === 'account' && worker && (
        <CreateAccountDialog
          worker={worker}
          creatableRoles={allowed.creatableRoles}
          onClose={close}
          onChanged={changed}
        />
      )}
    </div>
  );
}

function ProfileHeader({ profile }: { profile: GetUserProfileResponse }) {
  const { t } = useTranslation();
  const { account, worker, status } = profile;
  const name = displayNameOf({
    names: [account?.name, worker?.name],
    email: account?.email ?? worker?.email,
    fallback: profile.key,
  });
  const email = account?.email ?? worker?.email ?? '';
  return (
    <header className="admin-profile-header">
      <Typography.Title level={2} className="admin-profile-name">
        {name}
      </Typography.Title>
      <Flex align="center" gap="small" wrap>
        {email && <Typography.Text type="secondary">{email}</Typography.Text>}
        {account && <Tag>{t(`roles.${account.role}`)}</Tag>}
        {status && <AccountStatusBadge status={status} />}
        {!account && !status && <Tag>{t('admin.profile.noRole')}</Tag>}
      </Flex>
    </header>
  );
}

type ActionBarProps = { profile: GetUserProfileResponse; onOpen: (dialog: DialogName) => void };

/** Only what `allowed` says the caller may do; nothing at all shows a short note. */
function ActionBar({ profile, onOpen }: ActionBarProps) {
  const { t } = useTranslation();
  const { account, worker, allowed } = profile;
  const actions: { dialog: DialogName; label: string; isShown: boolean; isDanger?: boolean }[] = [
    { dialog: 'role', label: t('admin.profile.actions.editRole'), isShown: allowed.editRole && !!account },
    {
      dialog: 'permissions',
      label: t('admin.profile.actions.editPermissions'),
      isShown: allowed.editPermissions && !!account,
    },
    {
      dialog: 'password',
      label: t('admin.profile.actions.resetPassword'),
      isShown: allowed.resetPassword && !!account,
    },
    {
      dialog: 'status',
      label: account?.disabled ? t('admin.profile.actions.enable') : t('admin.profile.actions.disable'),
      isShown: allowed.setStatus && !!account,
      isDanger: !account?.disabled,
    },
    {
      dialog: 'worker',
      label: t('admin.profile.actions.editWorker'),
      isShown: allowed.editWorker && !!worker,
    },
    {
      dialog: 'account',
      label: t('admin.profile.actions.createAccount'),
      isShown: allowed.createAccount && !!worker && !account,
    },
  ];
  const shown = actions.filter((action) => action.isShown);
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={t('admin.profile.actions.label')} className="admin-actions">
      {shown.map((action) => (
        <Button key={action.dialog} isDanger={action.isDanger} onClick={() => onOpen(action.dialog)}>
          {action.label}
        </Button>
      ))}
    </div>
  );
}

/** The admin user view of spec section 3. */
function AccountSection({ profile }: { profile: GetUserProfileResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { account, worker, status } = profile;
  const yesNo = (value: boolean) => (value ? t('admin.common.yes') : t('admin.common.no'));
  const fields: { key: string; label: string; value: ReactNode }[] = [
    { key: 'uid', label: t('admin.profile.fields.uid'), value: account?.uid ?? EMPTY_VALUE },
    {
      key: 'emailVerified',
      label: t('admin.profile.fields.emailVerified'),
      value: account ? yesNo(account.emailVerified) : EMPTY_VALUE,
    },
    {
      key: 'lastSignIn',
      label: t('admin.profile.fields.lastSignIn'),
      value:
        account && !account.lastSignIn
          ? t('admin.users.neverSignedIn')
          : formatMoment(account?.lastSignIn ?? null, language),
    },
    {
      key: 'createdAt',
      label: t('admin.profile.fields.createdAt'),
      value: formatMoment(account?.createdAt ?? null, language),
    },
    { key: 'workerId', label: t('admin.profile.fields.workerId'), value: worker?.id ?? EMPTY_VALUE },
  ];
  if (status) {
    fields.push({
      key: 'status',
      label: t('admin.profile.fields.status'),
      value: <AccountStatusBadge status={status} />,
    });
  }
  return (
    <section className="admin-profile-section" aria-labelledby="admin-account-title">
      <h3 id="admin-account-title">{t('admin.profile.accountTitle')}</h3>
      <dl className="admin-fields">
        {fields.map(({ key, label, value }) => (
          <div key={key} className="admin-field" data-field={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
