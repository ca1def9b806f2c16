import { ADMIN_ERRORS, type AdminAccount, type Role } from '@domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { AdminDialog } from './admin-dialog';
import { useDialogOperation } from './use-dialog-operation';
import { FormField } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';

export type EditRoleDialogProps = {
  account: AdminAccount;
  /** allowed.assignableRoles: never above the caller's own level. */
  assignableRoles: Role[];
  onClose: () => void;
  /** After a successful change: the profile loads again. */
  onChanged: () => void;
};

/** Edit role (MODIFY_USER_ROLES): the server sets the claim and signs the user out everywhere. */
export function EditRoleDialog({ account, assignableRoles, onClose, onChanged }: EditRoleDialogProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [role, setRole] = useState<Role>(account.role);
  const { run, isBusy, failure } = useDialogOperation();
  const options = assignableRoles.includes(account.role)
    ? assignableRoles
    : [account.role, ...assignableRoles];

  const save = async () => {
    const result = await run(
      {
        loading: 'admin.operations.updateRole.loading',
        success: 'admin.operations.updateRole.success',
        failure: ADMIN_ERRORS.updateRoleFailed,
      },
      () => call('updateUserRole', { uid: account.uid, role }),
      { name: account.name, role: t(`roles.${role}`) },
    );
    if (result?.ok) {
      onChanged();
      onClose();
    }
  };

  return (
    <AdminDialog
      title={t('admin.dialogs.role.title', { name: account.name })}
      onClose={onClose}
      isBusy={isBusy}
      error={failure && t(failure.messageKey)}
      submit={{
        label: t('admin.common.save'),
        onClick: () => void save(),
        isDisabled: role === account.role,
      }}
    >
      <FormField label={t('admin.dialogs.role.label')} htmlFor={selectId}>
        <Select
          id={selectId}
          value={role}
          disabled={isBusy}
          onChange={(value) => setRole(options.find((option) => option === value) ?? account.role)}
          options={options.map((option) => ({
            value: option,
            label:
              option === account.role
                ? t('admin.dialogs.role.current', { role: t(`roles.${option}`) })
                : t(`roles.${option}`),
          }))}
        />
      </FormField>
      <p className="admin-dialog-note">{t('admin.dialogs.role.signInAgain', { name: account.name })}</p>
    </AdminDialog>
  );
}
