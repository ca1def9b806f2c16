import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Flex } from '../../components/ui/flex';

export type AdminDialogProps = {
  title: string;
  onClose: () => void;
  /** The primary button; left out once there is nothing left to do (a result is shown). */
  submit?: {
    label: string;
    onClick: () => void;
    isDanger?: boolean;
    isDisabled?: boolean;
  };
  /** A request is under way: the submit button spins and the dialog cannot be closed. */
  isBusy: boolean;
  /** The translated reason the last attempt failed, shown inside the dialog. */
  error?: string | null;
  isWide?: boolean;
  children: ReactNode;
};

/**
 * The frame of every admin dialog: title, body, the failure reason inline (the notice says it
 * too, but it fades), Cancel / Close and one primary button. antd keeps it nearly full width on
 * a phone (100vw - 16 px).
 */
export function AdminDialog({ title, onClose, submit, isBusy, error, isWide, children }: AdminDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen
      title={title}
      onClose={isBusy ? undefined : onClose}
      width={isWide ? 760 : 520}
      footer={
        <Flex wrap gap="small" justify="flex-end">
          <Button onClick={onClose} disabled={isBusy}>
            {submit ? t('admin.common.cancel') : t('admin.common.done')}
          </Button>
          {submit && (
            <Button
              variant="primary"
              isDanger={submit.isDanger}
              isLoading={isBusy}
              disabled={submit.isDisabled}
              onClick={() => {
                if (!isBusy) submit.onClick();
              }}
            >
              {submit.label}
            </Button>
          )}
        </Flex>
      }
    >
      <div className="admin-dialog-body">
        {error && <Alert type="error">{error}</Alert>}
        {children}
      </div>
    </Dialog>
  );
}
