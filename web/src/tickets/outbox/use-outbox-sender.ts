import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../notices';
import type { OutboxSendReport } from './send-outbox';
import { startOutboxSender } from './outbox-sender';

/**
 * Sends the signed-in account's outbox from every signed-in screen (the shell), and tells the
 * worker what happened to each waiting ticket: sent (with its number) or refused.
 */
export function useOutboxSender(uid: string | null): void {
  const { t } = useTranslation();
  const notices = useNotices();
  const report = useRef<(report: OutboxSendReport) => void>(() => undefined);
  useEffect(() => {
    report.current = ({ sent, refused }) => {
      for (const ticket of sent) notices.success(t('tickets.outbox.sent', { number: ticket.number }));
      if (refused.length > 0) notices.error(t('tickets.outbox.refusedNotice', { count: refused.length }));
    };
  });
  useEffect(() => {
    if (!uid) return undefined;
    return startOutboxSender(uid, (round) => report.current(round));
  }, [uid]);
}
