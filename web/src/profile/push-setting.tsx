import { DEFAULT_LANGUAGE, type Language } from '@domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../components/ui/alert';
import { Flex } from '../components/ui/flex';
import { Switch } from '../components/ui/switch';
import { Typography } from '../components/ui/typography';
import { isLanguage } from '../i18n';
import { useAuth } from '../lib/auth/auth-context';
import { TOO_MANY_REQUESTS_KEY, tooManyRequestsOf } from '../lib/callable-failure';
import { logger } from '../lib/logger';
import { disablePush, enablePush, isPushOn, pushAvailability, refreshPush } from '../lib/push/api';

/** What the setting says under the switch, beside its hint. */
type Notice = 'denied' | 'registerFailed' | 'unregisterFailed' | 'tooManyRequests' | null;

const NOTICE_KEYS = {
  denied: 'profile.settings.push.denied',
  registerFailed: 'profile.settings.push.errors.registerFailed',
  unregisterFailed: 'profile.settings.push.errors.unregisterFailed',
  tooManyRequests: TOO_MANY_REQUESTS_KEY,
} as const satisfies Record<Exclude<Notice, null>, string>;

/**
 * "Notifications on this device": web push for the signed-in user on this
 * browser, on or off, remembered on the device. Where the browser has no Push API, or this
 * installation has no VAPID key, the switch is disabled and says why. While on, opening the settings
 * or switching the language registers the device again (a fresh token, the new language).
 */
export function PushSetting() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const labelId = useId();
  const availability = pushAvailability();
  const [isOn, setIsOn] = useState(() => uid !== '' && availability === 'available' && isPushOn(uid));
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(() =>
    availability === 'available' && Notification.permission === 'denied' ? 'denied' : null,
  );
  /** The minutes of a refusal over the account's limit (errors.tooManyRequests's count). */
  const [wait, setWait] = useState<{ count: number } | null>(null);
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  useEffect(() => {
    if (!uid || availability !== 'available' || !isPushOn(uid)) return;
    let isCurrent = true;
    refreshPush(uid, language).then(
      (isStillOn) => {
        if (isCurrent && !isStillOn) setIsOn(false);
      },
      (error: unknown) => logger.warn('Could not refresh web push on this device', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [uid, language, availability]);

  const toggle = async (isWanted: boolean) => {
    setIsBusy(true);
    setNotice(null);
    try {
      if (isWanted) {
        const result = await enablePush(uid, language);
        setIsOn(result === 'on');
        if (result === 'denied') setNotice('denied');
      } else {
        await disablePush(uid);
        setIsOn(false);
      }
    } catch (error) {
      logger.error(isWanted ? 'Could not turn web push on' : 'Could not turn web push off', error);
      const tooMany = tooManyRequestsOf(error);
      setWait(tooMany);
      setNotice(tooMany ? 'tooManyRequests' : isWanted ? 'registerFailed' : 'unregisterFailed');
    } finally {
      setIsBusy(false);
    }
  };

  const reason =
    availability === 'unsupported'
      ? t('profile.settings.push.unsupported')
      : availability === 'unconfigured'
        ? t('profile.settings.push.unconfigured')
        : null;

  return (
    <Flex vertical gap="small">
      <Flex align="center" gap="small">
        <Switch
          aria-labelledby={labelId}
          checked={isOn}
          loading={isBusy}
          disabled={availability !== 'available' || !uid}
          onChange={(isChecked) => void toggle(isChecked)}
        />
        <Typography.Text strong id={labelId}>
          {t('profile.settings.push.label')}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{reason ?? t('profile.settings.push.hint')}</Typography.Text>
      {notice && (
        <Alert type={notice === 'denied' ? 'warning' : 'error'}>
          {t(NOTICE_KEYS[notice], wait ?? undefined)}
        </Alert>
      )}
    </Flex>
  );
}
