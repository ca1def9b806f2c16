import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../notices';
import { type UsePwaUpdateOptions, usePwaUpdate } from './use-pwa-update';

export const PWA_UPDATE_NOTICE_ID = 'pwa-update';

export type PwaUpdatePromptProps = UsePwaUpdateOptions;

/** Offers a reload in a persistent notice when a new version is waiting. Renders nothing itself. */
export function PwaUpdatePrompt(props: PwaUpdatePromptProps) {
  const { t } = useTranslation();
  const notices = useNotices();
  const { latestVersion, reload, dismiss } = usePwaUpdate(props);

  // Showing the same id again replaces the notice, so a language change re-words it in place.
  useEffect(() => {
    if (!latestVersion) {
      notices.dismiss(PWA_UPDATE_NOTICE_ID);
      return;
    }
    notices.show({
      id: PWA_UPDATE_NOTICE_ID,
      type: 'info',
      isPersistent: true,
      message: t('pwa.updateAvailable'),
      action: { label: t('pwa.reload'), onClick: () => void reload() },
      onClose: dismiss,
    });
  }, [latestVersion, notices, reload, dismiss, t]);

  useEffect(() => () => notices.dismiss(PWA_UPDATE_NOTICE_ID), [notices]);

  return null;
}
