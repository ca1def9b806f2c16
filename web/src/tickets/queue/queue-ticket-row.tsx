import type { QueueTicket } from '@domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { categoryPath } from '../shared/category-labels';
import { EMPTY_VALUE, formatDateTime, formatShortDate } from '../shared/format';
import type { TicketLinkState } from '../shared/ticket-link-state';
import { formatAge, parseIsoDate } from './queue-format';
import { StartWorkPanel } from './start-work-panel';
import { StatusTag } from '../../components/ui/status-tag';
import './queue-ticket-row.css';
import { Button } from '../../components/ui/button';

export type QueueTicketRowProps = {
  ticket: QueueTicket;
  /** The queue's query string, handed to the ticket page for its back link. */
  queueSearch: string;
  /** The moment the ages count to (when the list arrived). */
  now: number;
  isStartOpen: boolean;
  onStartOpen: () => void;
  onStartClose: () => void;
  onStarted: () => void;
};

/**
 * One ticket of the queue: a card on a phone, a row of the grid on a desktop. The whole row opens
 * the ticket; a new ticket offers "Start work" inline.
 */
export function QueueTicketRow({
  ticket,
  queueSearch,
  now,
  isStartOpen,
  onStartOpen,
  onStartClose,
  onStarted,
}: QueueTicketRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const created = parseIsoDate(ticket.createdAt);
  const age = formatAge(ticket.createdAt, now, language);
  const canStart = ticket.status === 'new';
  const startButtonRef = useRef<HTMLButtonElement>(null);
  const wasOpenRef = useRef(isStartOpen);
  // A cancelled panel hands the focus back to the button that opened it.
  useEffect(() => {
    if (wasOpenRef.current && !isStartOpen) startButtonRef.current?.focus();
    wasOpenRef.current = isStartOpen;
  }, [isStartOpen]);
  const cell = (className: string, label: string, value: ReactNode) => (
    <span className={`queue-row-cell ${className}`}>
      <span className="queue-row-label">{label}: </span>
      {value}
    </span>
  );

  return (
    <li className={`queue-row${isStartOpen ? ' is-open' : ''}`}>
      <div className="queue-row-main queue-grid">
        <span className="queue-row-title">
          <Link
            to={`/ticket/${encodeURIComponent(ticket.id)}`}
            state={{ queueSearch } satisfies TicketLinkState}
            className="queue-row-link"
          >
            {ticket.number}
          </Link>
          <span className="queue-row-category">{categoryPath(t, ticket.category, ticket.subcategory)}</span>
          <span className="queue-row-description">{ticket.description}</span>
          {ticket.overdueDays > 0 && (
            <span className="queue-row-overdue">
              {t('tickets.serviceLevel.overdueBy', { count: ticket.overdueDays })}
            </span>
          )}
        </span>
        <span className="queue-row-status">
          <StatusTag status={ticket.status} />
        </span>
        {cell(
          'queue-row-submitter',
          t('tickets.fields.submitter'),
          <>
            {ticket.submitter?.name || EMPTY_VALUE}
            <span className="queue-row-site">
              <span className="queue-row-label">{t('tickets.queue.columns.site')}: </span>
              {ticket.site ?? t('tickets.queue.noSite')}
            </span>
          </>,
        )}
        {cell(
          'queue-row-age',
          t('tickets.queue.columns.age'),
          <>
            <time dateTime={ticket.createdAt ?? undefined} title={formatDateTime(created, language)}>
              {age ?? EMPTY_VALUE}
            </time>
            <span className="queue-row-date">
              {t('tickets.queue.createdOn', { date: formatShortDate(created, language) })}
            </span>
          </>,
        )}
        {cell(
          'queue-row-assignee',
          t('tickets.fields.assignedTo'),
          ticket.assignedTo ? ticket.assignedTo.name : <em>{t('tickets.queue.unassigned')}</em>,
        )}
        <span className="queue-row-action">
          {canStart && !isStartOpen && (
            <Button
              ref={startButtonRef}
              onClick={onStartOpen}
              aria-label={t('tickets.queue.startWork.openLabel', { number: ticket.number })}
            >
              {t('tickets.queue.startWork.open')}
            </Button>
          )}
        </span>
      </div>
      {isStartOpen && <StartWorkPanel ticket={ticket} onCancel={onStartClose} onStarted={onStarted} />}
    </li>
  );
}
