import { ADMIN_ERRORS, type AdminAccount, type ResetPasswordResponse } from '@domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { AdminDialog } from './admin-dialog';
import { PasswordLink } from './password-link';
import { useDialogOperation } from './use-dialog-operation';
import { Alert } from '../../components/ui/alert';

export type ResetPasswordDialogProps = {
  account: AdminAccount;
  onClose: () => void;
  onChanged: () => void;
};

/**
 * Reset password (RESET_USER_PASSWORD): confirms, then shows where the link went, and the link
 * itself when the local stack returns it.
 */
export function ResetPasswordDialog({ account, onClose, onChanged }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const { run, isBusy, failure } = useDialogOperation();
  const [sent, setSent] = useState<ResetPasswordResponse | null>(null);

  const send = async () => {
    const result = await run(
      {
        loading: 'admin.operations.resetPassword.loading',
        success: 'admin.operations.resetPassword.success',
        failure: ADMIN_ERRORS.resetPasswordFailed,
      },
      () => call('resetUserPassword', { uid: account.uid }),
      { name: account.name, email: account.email },
    );
    if (result?.ok) {
      setSent(result.value);
      onChanged();
    }
  };

  return (
    <AdminDialog
      title={t('admin.dialogs.password.title')}
      onClose={onClose}
      isBusy={isBusy}
      error={failure && t(failure.messageKey, failure.values)}
      submit={sent ? undefined : { label: t('admin.dialogs.password.submit'), onClick: () => void send() }}
    >
      {sent ? (
        <>
          <Alert type="success">{t('admin.dialogs.password.sent', { email: sent.email })}</Alert>
          {sent.link && <PasswordLink link={sent.link} />}
        </>
      ) : (
        <p>{t('admin.dialogs.password.confirm', { name: account.name, email: account.email })}</p>
      )}
    </AdminDialog>
  );
}
