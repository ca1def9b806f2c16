import {
  ADMIN_ERRORS,
  ALL_PERMISSIONS,
  type AdminAccount,
  type Permission,
  type PermissionSetting,
  permissionLists,
} from '@domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { AdminDialog } from './admin-dialog';
import {
  type PermissionSettings,
  effectivePermission,
  grantedByRole,
  settingsFromLists,
} from './permission-settings';
import { useDialogOperation } from './use-dialog-operation';

const SETTINGS: readonly PermissionSetting[] = ['default', 'assigned', 'revoked'];

export type EditPermissionsDialogProps = {
  account: AdminAccount;
  onClose: () => void;
  onChanged: () => void;
};

/**
 * Edit permissions (MANAGE_USER_PERMISSIONS): for each flag the role's default, a choice of
 * default / assigned / revoked, and what the user ends up with.
 */
export function EditPermissionsDialog({ account, onClose, onChanged }: EditPermissionsDialogProps) {
  const { t } = useTranslation();
  const { run, isBusy, failure } = useDialogOperation();
  const [initial] = useState(() =>
    settingsFromLists(account.assignedPermissions, account.revokedPermissions),
  );
  const [settings, setSettings] = useState<PermissionSettings>(initial);
  const changed = ALL_PERMISSIONS.filter((permission) => settings[permission] !== initial[permission]);
  const roleLabel = t(`roles.${account.role}`);

  const save = async () => {
    const result = await run(
      {
        loading: 'admin.operations.savePermissions.loading',
        success: 'admin.operations.savePermissions.success',
        failure: ADMIN_ERRORS.savePermissionsFailed,
      },
      () => call('saveUserPermissions', { uid: account.uid, ...permissionLists(settings) }),
      { name: account.name },
    );
    if (result?.ok) {
      onChanged();
      onClose();
    }
  };

  return (
    <AdminDialog
      title={t('admin.dialogs.permissions.title', { name: account.name })}
      onClose={onClose}
      isBusy={isBusy}
      isWide
      error={failure && t(failure.messageKey)}
      submit={{ label: t('admin.common.save'), onClick: () => void save(), isDisabled: changed.length === 0 }}
    >
      <p className="admin-dialog-note">{t('admin.dialogs.permissions.intro', { role: roleLabel })}</p>
      <p className="admin-dialog-note" aria-live="polite">
        {t('admin.dialogs.permissions.changed', { count: changed.length })}
      </p>
      <div className="permission-rows">
        {ALL_PERMISSIONS.map((permission) => (
          <PermissionRow
            key={permission}
            permission={permission}
            setting={settings[permission]}
            isDefaultGranted={grantedByRole(account.role, permission)}
            isGranted={effectivePermission(account.role, permission, settings[permission])}
            isDisabled={isBusy}
            onChange={(setting) => setSettings((current) => ({ ...current, [permission]: setting }))}
          />
        ))}
      </div>
    </AdminDialog>
  );
}

type PermissionRowProps = {
  permission: Permission;
  setting: PermissionSetting;
  isDefaultGranted: boolean;
  isGranted: boolean;
  isDisabled: boolean;
  onChange: (setting: PermissionSetting) => void;
};

function PermissionRow({
  permission,
  setting,
  isDefaultGranted,
  isGranted,
  isDisabled,
  onChange,
}: PermissionRowProps) {
  const { t } = useTranslation();
  const name = `permission-${permission}`;
  return (
    <fieldset className="permission-row" data-permission={permission}>
      <legend className="permission-name">{t(`admin.permissionNames.${permission}`)}</legend>
      <code className="permission-code">{permission}</code>
      <span className="permission-default">
        {isDefaultGranted
          ? t('admin.dialogs.permissions.roleGrants')
          : t('admin.dialogs.permissions.roleDenies')}
      </span>
      <span className="permission-choices">
        {SETTINGS.map((value) => (
          <label key={value} className={`permission-choice${setting === value ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={setting === value}
              disabled={isDisabled}
              onChange={() => onChange(value)}
            />
            {t(`admin.dialogs.permissions.setting.${value}`)}
          </label>
        ))}
      </span>
      <span className={`permission-effective ${isGranted ? 'is-granted' : 'is-denied'}`}>
        {isGranted ? t('admin.dialogs.permissions.granted') : t('admin.dialogs.permissions.denied')}
      </span>
    </fieldset>
  );
}
