import { ADMIN_ERRORS, type CreateAccountResponse, ROLES, type Role, type WorkerProfile } from '@domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallableInputOf } from '@domain/callables';
import { call } from '../../lib/call';
import { AdminDialog } from './admin-dialog';
import { PasswordLink } from './password-link';
import { useDialogOperation } from './use-dialog-operation';
import { Alert } from '../../components/ui/alert';
import { FormField } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';

type CreatableRole = NonNullable<CallableInputOf<'createAccount'>['role']>;
const ACCOUNT_ROLES: readonly Role[] = [ROLES.USER, ROLES.FOREMAN, ROLES.MANAGER];
const isCreatable = (role: Role): role is CreatableRole => ACCOUNT_ROLES.includes(role);

export type CreateAccountDialogProps = {
  worker: WorkerProfile;
  /** allowed.creatableRoles: the User role, and foreman or manager with CREATE_MANAGER_ACCOUNTS. */
  creatableRoles: Role[];
  onClose: () => void;
  onChanged: () => void;
};

/**
 * Create account (CREATE_USER_ACCOUNTS) for a directory worker without one. After success it
 * shows the set-password link when the local stack returns it.
 */
export function CreateAccountDialog({
  worker,
  creatableRoles,
  onClose,
  onChanged,
}: CreateAccountDialogProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const { run, isBusy, failure } = useDialogOperation();
  const roles = creatableRoles.filter(isCreatable);
  const [role, setRole] = useState<CreatableRole>(ROLES.USER);
  const [created, setCreated] = useState<CreateAccountResponse | null>(null);

  const create = async () => {
    const result = await run(
      {
        loading: 'admin.operations.createAccount.loading',
        success: 'admin.operations.createAccount.success',
        failure: ADMIN_ERRORS.createAccountFailed,
      },
      () => call('createAccount', { workerId: worker.id, role }),
      { name: worker.name, email: worker.email },
    );
    if (result?.ok) {
      setCreated(result.value);
      onChanged();
    }
  };

  return (
    <AdminDialog
      title={t('admin.dialogs.account.title')}
      onClose={onClose}
      isBusy={isBusy}
      error={failure && t(failure.messageKey)}
      submit={
        created ? undefined : { label: t('admin.dialogs.account.submit'), onClick: () => void create() }
      }
    >
      {created ? (
        <>
          <Alert type="success">
            {t('admin.dialogs.account.created', { email: created.email, role: t(`roles.${created.role}`) })}
          </Alert>
          {created.link ? (
            <PasswordLink link={created.link} />
          ) : (
            <p className="admin-dialog-note">
              {t('admin.dialogs.account.emailed', { email: created.email })}
            </p>
          )}
        </>
      ) : (
        <>
          <p>{t('admin.dialogs.account.intro', { name: worker.name, email: worker.email })}</p>
          {roles.length > 1 ? (
            <FormField label={t('admin.dialogs.account.roleLabel')} htmlFor={selectId}>
              <Select
                id={selectId}
                value={role}
                disabled={isBusy}
                onChange={(value) => setRole(roles.find((option) => option === value) ?? ROLES.USER)}
                options={roles.map((option) => ({ value: option, label: t(`roles.${option}`) }))}
              />
            </FormField>
          ) : (
            <p className="admin-dialog-note">
              {t('admin.dialogs.account.regularOnly', { role: t(`roles.${ROLES.USER}`) })}
            </p>
          )}
        </>
      )}
    </AdminDialog>
  );
}
