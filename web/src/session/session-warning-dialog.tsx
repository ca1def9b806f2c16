// The last-minute warning of spec section 4 "Session": a countdown and a draining bar over a blurred backdrop.
// It cannot be dismissed by the mask, Esc or a close icon: the user must choose, or the session ends at zero.
// It brings antd's theme with it: the session runs above the routes, outside the signed-in shell.
import { Button, Flex, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../lib/antd-provider';
import { formatCountdown } from './session-core';

export type SessionWarningDialogProps = {
  isOpen: boolean;
  /** Whole seconds until the session ends. */
  remainingSeconds: number;
  /** 1 when the warning starts, 0 at expiry. */
  progress: number;
  onStayLoggedIn: () => void;
  onLogOut: () => void;
};

export function SessionWarningDialog(props: SessionWarningDialogProps) {
  const { isOpen, remainingSeconds, progress, onStayLoggedIn, onLogOut } = props;
  const { t } = useTranslation();
  const countdown = formatCountdown(remainingSeconds);
  return (
    <AntdProvider>
      <Modal
        open={isOpen}
        centered
        title={t('session.warning.title')}
        closable={false}
        keyboard={false}
        mask={{ blur: true, closable: false }}
        // An explicit blur as well, so the backdrop looks the same whatever the theme's mask settings are.
        styles={{ mask: { backdropFilter: 'blur(6px)', WebkitBackdropFilter: 'blur(6px)' } }}
        width={420}
        footer={
          <Flex wrap gap="small" justify="flex-end">
            <Button onClick={onLogOut}>{t('session.warning.logOut')}</Button>
            <Button type="primary" onClick={onStayLoggedIn} autoFocus>
              {t('session.warning.stayLoggedIn')}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph>{t('session.warning.text', { time: countdown })}</Typography.Paragraph>
        <Typography.Title level={2} style={{ textAlign: 'center', margin: '8px 0' }}>
          <span role="timer" aria-label={t('session.warning.timerLabel')}>
            {countdown}
          </span>
        </Typography.Title>
        <Progress
          percent={Math.round(progress * 1000) / 10}
          showInfo={false}
          aria-label={t('session.warning.progressLabel')}
        />
      </Modal>
    </AntdProvider>
  );
}
