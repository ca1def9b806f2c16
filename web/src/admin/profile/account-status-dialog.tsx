import { ADMIN_ERRORS, type AdminAccount } from '@domain';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { AdminDialog } from './admin-dialog';
import { useDialogOperation } from './use-dialog-operation';

export type AccountStatusDialogProps = {
  account: AdminAccount;
  onClose: () => void;
  onChanged: () => void;
};

/** Enable / disable account (ENABLE_DISABLE_USER): the opposite of the account's current state. */
export function AccountStatusDialog({ account, onClose, onChanged }: AccountStatusDialogProps) {
  const { t } = useTranslation();
  const { run, isBusy, failure } = useDialogOperation();
  const willDisable = !account.disabled;
  const operation = willDisable ? 'disableAccount' : 'enableAccount';

  const confirm = async () => {
    const result = await run(
      {
        loading: `admin.operations.${operation}.loading`,
        success: `admin.operations.${operation}.success`,
        failure: ADMIN_ERRORS.setStatusFailed,
      },
      () => call('setAccountStatus', { uid: account.uid, disabled: willDisable }),
      { name: account.name },
    );
    if (result?.ok) {
      onChanged();
      onClose();
    }
  };

  return (
    <AdminDialog
      title={t(`admin.dialogs.status.${willDisable ? 'disableTitle' : 'enableTitle'}`)}
      onClose={onClose}
      isBusy={isBusy}
      error={failure && t(failure.messageKey)}
      submit={{
        label: t(`admin.dialogs.status.${willDisable ? 'disable' : 'enable'}`),
        onClick: () => void confirm(),
        isDanger: willDisable,
      }}
    >
      <p>
        {t(`admin.dialogs.status.${willDisable ? 'disableText' : 'enableText'}`, {
          name: account.name,
          email: account.email,
        })}
      </p>
    </AdminDialog>
  );
}
