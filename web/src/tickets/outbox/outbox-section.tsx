import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Flex } from '../../components/ui/flex';
import { Tag } from '../../components/ui/tag';
import { Typography } from '../../components/ui/typography';
import { logger } from '../../lib/logger';
import { useNotices } from '../../notices';
import { categoryPath } from '../shared/category-labels';
import { formatDateTime } from '../shared/format';
import type { OutboxEntry } from './outbox-entry';
import type { OutboxStore } from './outbox-store';
import { useDraftStore } from '../new-ticket/use-ticket-draft';
import { cancelOutboxEntry, editOutboxEntry, retryOutboxEntry, useOutbox } from './use-outbox';
import '../shared/ticket-panel.css';
import './outbox-section.css';

/**
 * The top of the ticket history: tickets of this account still on the phone, waiting for a
 * connection, being sent, or refused by the server with the reason. Nothing shows when the outbox
 * is empty.
 */
export function OutboxSection({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const outbox = useOutbox(uid);
  if (!outbox.store || outbox.entries.length === 0) return null;
  return (
    <section aria-labelledby="outbox-title" className="outbox">
      <Typography.Title level={3} id="outbox-title" className="outbox-title">
        {t('tickets.outbox.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('tickets.outbox.hint')}</Typography.Text>
      <ul aria-label={t('tickets.outbox.title')} className="stack-list">
        {outbox.entries.map((entry) => (
          <li key={entry.id}>
            <OutboxRow entry={entry} store={outbox.store as OutboxStore} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATUS_TAG = { waiting: 'gold', sending: 'blue', refused: 'red' } as const;

/** A description that two lines may not hold (the row shows two until "Show all"). */
const isLong = (text: string) => text.length > 90 || text.includes('\n');

function OutboxRow({ entry, store }: { entry: OutboxEntry; store: OutboxStore }) {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const navigate = useNavigate();
  const drafts = useDraftStore();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const { submission, status, refusal, ticket } = entry;
  const isSending = status === 'sending';

  const act = async (action: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await action();
    } catch (error) {
      logger.error('Outbox action failed', error);
      notices.error(t('tickets.outbox.actionFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  const cancel = () =>
    act(async () => {
      const isCancelled = await cancelOutboxEntry(store, entry);
      setIsConfirming(false);
      if (isCancelled) notices.info(t('tickets.outbox.cancelled'));
      else notices.error(t('tickets.outbox.cannotCancel'));
    });
  const edit = () => act(async () => navigate(await editOutboxEntry(store, drafts, entry)));
  const retry = () => act(() => retryOutboxEntry(store, entry));

  return (
    <div className="ticket-panel outbox-row" aria-busy={isSending}>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text strong>
          {ticket ? ticket.number : categoryPath(t, submission.category, submission.subcategory)}
        </Typography.Text>
        <Tag color={STATUS_TAG[status]}>{t(`tickets.outbox.status.${status}`)}</Tag>
      </Flex>
      {ticket && (
        <Typography.Text type="secondary">
          {categoryPath(t, submission.category, submission.subcategory)}
        </Typography.Text>
      )}
      <Typography.Paragraph
        id={`outbox-description-${entry.id}`}
        className={isExpanded ? 'outbox-description outbox-description--all' : 'outbox-description'}
      >
        {submission.description}
      </Typography.Paragraph>
      {isLong(submission.description) && (
        <Button
          variant="link"
          size="small"
          aria-expanded={isExpanded}
          aria-controls={`outbox-description-${entry.id}`}
          onClick={() => setIsExpanded((expanded) => !expanded)}
        >
          {t(isExpanded ? 'tickets.outbox.showLess' : 'tickets.outbox.showAll')}
        </Button>
      )}
      <Typography.Text type="secondary">
        {t('tickets.outbox.queuedAt', { time: formatDateTime(new Date(entry.queuedAt), i18n.language) })}
        {entry.files.length > 0 && ` · ${t('tickets.outbox.files', { count: entry.files.length })}`}
      </Typography.Text>
      {status === 'refused' && refusal && (
        <Alert type="error" role="alert">
          {t('tickets.outbox.refusedReason', { reason: t(refusal.key, refusal.values) })}
        </Alert>
      )}
      {isConfirming ? (
        <div className="outbox-confirm" role="group" aria-label={t('tickets.outbox.cancelQuestion')}>
          <Typography.Text strong>{t('tickets.outbox.cancelQuestion')}</Typography.Text>
          <div className="button-row">
            <Button
              variant="primary"
              isDanger
              isLoading={isBusy}
              disabled={isBusy}
              onClick={() => void cancel()}
            >
              {t('tickets.outbox.cancelConfirm')}
            </Button>
            <Button disabled={isBusy} onClick={() => setIsConfirming(false)}>
              {t('tickets.outbox.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          {status === 'refused' && !ticket && (
            <Button variant="primary" disabled={isBusy} onClick={() => void edit()}>
              {t('tickets.outbox.edit')}
            </Button>
          )}
          {status === 'refused' && (
            <Button disabled={isBusy} onClick={() => void retry()}>
              {t('tickets.outbox.retry')}
            </Button>
          )}
          <Button disabled={isBusy || isSending} onClick={() => setIsConfirming(true)}>
            {t(ticket ? 'tickets.outbox.dropFiles' : 'tickets.outbox.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
