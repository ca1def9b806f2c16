import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../lib/antd-provider';

/** The lazy loader waits for this language's antd texts before the first render. */
export { whenAntdReady } from '../lib/antd-provider';
import { NoticeItem } from './notice-item';
import type { Notice } from './notice-types';

export type NoticeStackProps = { notices: readonly Notice[]; onDismiss: (id: string) => void };

/**
 * The visible notices. Loaded with the first notice, so antd's Alert, Spin and ConfigProvider stay
 * out of the first page a worker opens (/login) until something has to be said.
 */
export function NoticeStack({ notices, onDismiss }: NoticeStackProps) {
  const { t } = useTranslation();
  return (
    <AntdProvider>
      <section className="app-notices" aria-label={t('notices.region')}>
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onDismiss={onDismiss} />
        ))}
      </section>
    </AntdProvider>
  );
}
