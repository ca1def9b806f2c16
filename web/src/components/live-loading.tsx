import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';
import { EmptyState } from './ui/empty-state';
import { Spinner } from './ui/spinner';

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
      <div role="status">
        <EmptyState isSimple description={t('common.offline.nothingSaved')} />
      </div>
    );
  }
  return <Spinner isBlock={isBlock} label={t('common.loading')} />;
}
