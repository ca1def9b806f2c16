import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';
import { Spinner } from './ui/spinner';
import './live-loading.css';

export type LiveLoadingProps = {
  /** Whether the screen's live read has answered from the device's cache only (with nothing in it). */
  isFromCache: boolean;
  /** The spinner takes a block of its own (a whole page rather than a list). */
  isBlock?: boolean;
};

/**
 * A live screen (history, a ticket, the inbox) waiting for its first answer: a spinner, or, offline
 * when the phone's cache holds nothing for it (a screen never opened with a connection), a line that
 * says so instead of a spinner that would never stop.
 */
export function LiveLoading({ isFromCache, isBlock = false }: LiveLoadingProps) {
  const { t } = useTranslation();
  const isOnline = useOnline();
  if (!isOnline && isFromCache) {
    return (
      <p role="status" className="live-loading-nothing">
        {t('common.offline.nothingSaved')}
      </p>
    );
  }
  return <Spinner isBlock={isBlock} label={t('common.loading')} />;
}
