import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice, type NoticeType, isTimedNotice } from './notice-types';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useThemeToken } from '../components/ui/use-theme-token';

export type NoticeItemProps = {
  notice: Notice;
  onDismiss: (id: string) => void;
};

const ALERT_TYPE = {
  success: 'success',
  error: 'error',
  info: 'info',
  warning: 'warning',
  loading: 'info',
} as const satisfies Record<NoticeType, 'success' | 'info' | 'warning' | 'error'>;

/** One snackbar message: an Alert with its own countdown and a draining progress bar. */
export function NoticeItem({ notice, onDismiss }: NoticeItemProps) {
  const { t } = useTranslation();
  const token = useThemeToken();
  const { id, revision, duration, type, action } = notice;
  const isTimed = isTimedNotice(notice);
  // Hovering or focusing a notice pauses it, so nobody loses a message (or its action) mid-read.
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const isPaused = isHovered || isFocused;
  const remainingRef = useRef(duration);

  // Every show/update of this id starts the countdown over from the full duration.
  useEffect(() => {
    remainingRef.current = duration;
  }, [revision, duration]);

  useEffect(() => {
    if (!isTimed || isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), remainingRef.current);
    return () => {
      clearTimeout(timer);
      remainingRef.current = Math.max(0, remainingRef.current - (Date.now() - startedAt));
    };
  }, [id, revision, duration, isTimed, isPaused, onDismiss]);

  const isError = type === 'error';
  const barColor = {
    success: token.colorSuccess,
    error: token.colorError,
    info: token.colorInfo,
    warning: token.colorWarning,
    loading: token.colorPrimary,
  }[type];

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    setIsFocused(false);
  }

  return (
    <div
      className="app-notice"
      style={{
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        background: token.colorBgElevated,
      }}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={handleBlur}
    >
      <Alert
        role={isError ? 'alert' : 'status'}
        aria-live={isError ? 'assertive' : 'polite'}
        type={ALERT_TYPE[type]}
        isIconShown
        icon={type === 'loading' ? <Spinner size="small" /> : undefined}
        action={
          action ? (
            <Button
              size="small"
              onClick={() => {
                action.onClick();
                onDismiss(id);
              }}
            >
              {action.label}
            </Button>
          ) : undefined
        }
        onClose={() => onDismiss(id)}
        closeLabel={t('notices.close')}
      >
        {notice.message}
      </Alert>
      {isTimed ? (
        <div
          // A new key restarts the CSS animation whenever the countdown restarts.
          key={revision}
          className="app-notice__progress"
          data-testid="notice-progress"
          aria-hidden="true"
          style={{
            background: barColor,
            animationDuration: `${duration}ms`,
            animationPlayState: isPaused ? 'paused' : 'running',
          }}
        />
      ) : null}
    </div>
  );
}
