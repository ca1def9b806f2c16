import { useTranslation } from 'react-i18next';

/** Granted / Denied, coloured. */
export function Answer({ isGranted }: { isGranted: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`admin-debug-answer ${isGranted ? 'is-granted' : 'is-denied'}`}>
      {isGranted ? t('admin.debug.answer.granted') : t('admin.debug.answer.denied')}
    </span>
  );
}
