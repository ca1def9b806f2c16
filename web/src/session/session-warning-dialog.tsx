// The last-minute warning of spec section 4 "Session": a countdown and a draining bar over a blurred backdrop.
// It cannot be dismissed by the mask, Esc or a close icon: the user must choose, or the session ends at zero.
// It brings antd's theme with it: the session runs above the routes, outside the signed-in shell.
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../lib/antd-provider';

/** The lazy loader waits for this language's antd texts before the first render. */
export { whenAntdReady } from '../lib/antd-provider';
import { formatCountdown } from './session-core';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { Flex } from '../components/ui/flex';
import { Progress } from '../components/ui/progress';
import { Typography } from '../components/ui/typography';
import './session-warning-dialog.css';

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
      <Dialog
        isOpen={isOpen}
        isCentered
        isBackdropBlurred
        title={t('session.warning.title')}
        width={420}
        footer={
          <Flex wrap gap="small" justify="flex-end">
            <Button onClick={onLogOut}>{t('session.warning.logOut')}</Button>
            <Button variant="primary" onClick={onStayLoggedIn} autoFocus>
              {t('session.warning.stayLoggedIn')}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph>{t('session.warning.text', { time: countdown })}</Typography.Paragraph>
        <Typography.Title level={2} className="session-countdown">
          <span role="timer" aria-label={t('session.warning.timerLabel')}>
            {countdown}
          </span>
        </Typography.Title>
        <Progress
          percent={Math.round(progress * 1000) / 10}
          showInfo={false}
          aria-label={t('session.warning.progressLabel')}
        />
      </Dialog>
    </AntdProvider>
  );
}
