import {
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_MAX_LIMIT,
  QUEUE_OPEN_STATUSES,
  QUEUE_STATUS_FILTERS,
  type QueueStatusFilter,
  TARGET_STATUSES,
  TICKET_CATEGORIES,
  type TicketQueueInput,
  type TicketQueueResponse,
  type TicketStatus,
} from '@domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import type { CallableFailure } from '../../lib/callable-failure';
import { categoryName } from '../shared/category-labels';
import {
  DEFAULT_QUEUE_FILTERS,
  type QueueFilters,
  hasNarrowingFilters,
  nextLimit,
  patchQueueFilters,
  readQueueFilters,
  toQueueRequest,
  writeQueueFilters,
} from './queue-filters';
import { QueueTicketRow } from './queue-ticket-row';
import { useTicketQueue } from './use-ticket-queue';
import { Alert, AlertRow } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { Typography } from '../../components/ui/typography';
import { LoadingLine } from '../../components/ui/spinner';
import './ticket-queue-page.css';

const isStatusFilter = (value: string | undefined): value is QueueStatusFilter =>
  value !== undefined && (QUEUE_STATUS_FILTERS as readonly string[]).includes(value);

/** The same filters, whatever the number of pages. */
const isSameList = (a: TicketQueueInput | null, b: TicketQueueInput) =>
  a !== null && JSON.stringify({ ...a, limit: 0 }) === JSON.stringify({ ...b, limit: 0 });

/**
 * /ticket-queue (PROCESS_TICKETS): every ticket waiting for staff, oldest first, with counts per
 * status and quick filters kept in the URL; a new ticket can be taken ("Start work") in place.
 */
export function TicketQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readQueueFilters(params);
  const request = toQueueRequest(filters);
  const queue = useTicketQueue(request);
  const [startTicketId, setStartTicketId] = useState<string | null>(null);

  // Reads the URL as it is now, so two quick changes do not undo each other.
  const update = (patch: Partial<QueueFilters>, options: { replace?: boolean } = {}) =>
    setParams((current) => writeQueueFilters(patchQueueFilters(readQueueFilters(current), patch)), options);

  const isCurrentList = isSameList(queue.dataRequest, request);
  const isRefreshing = queue.isLoading && queue.data !== null;
  const isLoadingMore = queue.isLoading && isCurrentList && (queue.dataRequest?.limit ?? 0) < filters.limit;

  return (
    <div className="queue-page">
      <header className="queue-header">
        <div>
          <Typography.Title level={2} className="queue-title">
            {t('tickets.queue.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('tickets.queue.subtitle')}</Typography.Text>
          {queue.data && queue.data.myRatings.up + queue.data.myRatings.down > 0 && (
            <p className="queue-my-ratings">
              {t('tickets.queue.myRatings', { up: queue.data.myRatings.up, down: queue.data.myRatings.down })}
            </p>
          )}
        </div>
        <Button onClick={queue.reload} isLoading={isRefreshing}>
          {t('tickets.queue.refresh')}
        </Button>
      </header>

      <StatusChips
        counts={queue.data?.counts ?? null}
        overdueCounts={queue.data?.overdueCounts ?? null}
        selected={filters.overdue ? 'overdue' : filters.status}
        onSelect={(status) => update(status === 'overdue' ? { overdue: true } : { status, overdue: false })}
      />

      <div role="search" aria-label={t('tickets.queue.filtersLabel')} className="queue-filters">
        <div role="group" aria-label={t('tickets.queue.assigneeFilter')} className="queue-segments">
          {QUEUE_ASSIGNEE_FILTERS.map((assignee) => (
            <button
              key={assignee}
              type="button"
              className={`queue-segment${filters.assignee === assignee ? ' is-active' : ''}`}
              aria-pressed={filters.assignee === assignee}
              onClick={() => update({ assignee })}
            >
              {t(`tickets.queue.assignee.${assignee}`)}
            </button>
          ))}
        </div>
        <Select
          aria-label={t('tickets.queue.statusFilter')}
          placeholder={t('tickets.queue.statusOpen')}
          value={filters.status === 'open' ? undefined : filters.status}
          onChange={(status) => update({ status: isStatusFilter(status) ? status : 'open' })}
          options={[
            { value: 'all', label: t('tickets.queue.statusAll') },
            ...TARGET_STATUSES.map((status) => ({ value: status, label: t(`tickets.status.${status}`) })),
          ]}
        />
        <Select
          aria-label={t('tickets.queue.categoryFilter')}
          placeholder={t('tickets.queue.allCategories')}
          value={filters.category}
          onChange={(category) => update({ category })}
          options={TICKET_CATEGORIES.map(({ id }) => ({ value: id, label: categoryName(t, id) }))}
        />
        <Select
          aria-label={t('tickets.queue.siteFilter')}
          placeholder={t('tickets.queue.allSites')}
          value={filters.site}
          onChange={(site) => update({ site })}
          options={siteOptions(queue.data?.sites ?? [], filters.site)}
        />
      </div>

      <QueueBody
        data={queue.data}
        isCurrentList={isCurrentList}
        isLoading={queue.isLoading}
        isLoadingMore={isLoadingMore}
        failure={queue.failure}
        now={queue.receivedAt}
        queueSearch={params.toString()}
        isFiltered={hasNarrowingFilters(filters)}
        limit={filters.limit}
        startTicketId={startTicketId}
        onStartTicket={setStartTicketId}
        onStarted={() => {
          setStartTicketId(null);
          queue.reload();
        }}
        onRetry={queue.reload}
        onShowMore={() => update({ limit: nextLimit(filters.limit) }, { replace: true })}
        onClearFilters={() => setParams(writeQueueFilters(DEFAULT_QUEUE_FILTERS))}
      />
    </div>
  );
}

/** The sites of the directory, plus the one in the URL while the list that names it loads. */
function siteOptions(sites: string[], selected: string | undefined) {
  const names = selected && !sites.includes(selected) ? [selected, ...sites] : sites;
  return names.map((site) => ({ value: site, label: site }));
}

type StatusChipsProps = {
  counts: Record<TicketStatus, number> | null;
  /** Tickets past their answer day, per status. */
  overdueCounts: Partial<Record<TicketStatus, number>> | null;
  selected: QueueStatusFilter | 'overdue';
  onSelect: (status: QueueStatusFilter | 'overdue') => void;
};

/**
 * Tickets per status under the other filters, as chips that filter by their status: "Open" (new
 * and in progress), "All", then each status. `unknown` is counted but cannot be asked for.
 */
function StatusChips({ counts, overdueCounts, selected, onSelect }: StatusChipsProps) {
  const { t } = useTranslation();
  const countOf = (status: TicketStatus) => counts?.[status] ?? 0;
  const lateOf = (status: TicketStatus) => overdueCounts?.[status] ?? 0;
  const lateTotal = overdueCounts
    ? Object.values(overdueCounts).reduce((sum, count) => sum + (count ?? 0), 0)
    : 0;
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  const openCount = QUEUE_OPEN_STATUSES.reduce((sum, status) => sum + countOf(status), 0);
  const chip = (status: QueueStatusFilter | 'overdue', label: string, count: number, late = 0) => (
    <button
      key={status}
      type="button"
      className={`queue-chip${selected === status ? ' is-active' : ''}${status === 'overdue' ? ' is-overdue' : ''}`}
      aria-pressed={selected === status}
      data-status={status}
      onClick={() => onSelect(status)}
    >
      <span>{label}</span> <span className="queue-chip-count">{counts ? count : '–'}</span>
      {late > 0 && ' '}
      {late > 0 && <span className="queue-chip-late">{t('tickets.queue.lateCount', { count: late })}</span>}
    </button>
  );
  return (
    <div role="group" aria-label={t('tickets.queue.countsLabel')} className="queue-chips">
      {chip('open', t('tickets.queue.statusOpenShort'), openCount)}
      {chip('overdue', t('tickets.queue.statusOverdue'), lateTotal)}
      {chip('all', t('tickets.queue.statusAll'), total)}
      {TARGET_STATUSES.map((status) =>
        chip(status, t(`tickets.status.${status}`), countOf(status), lateOf(status)),
      )}
      {countOf('unknown') > 0 && (
        <span className="queue-chip is-static">
          <span>{t('tickets.status.unknown')}</span>{' '}
          <span className="queue-chip-count">{countOf('unknown')}</span>
        </span>
      )}
    </div>
  );
}

type QueueBodyProps = {
  data: TicketQueueResponse | null;
  /** Whether `data` answers the current filters (maybe fewer pages), not older ones. */
  isCurrentList: boolean;
  isLoading: boolean;
  /** A "show more" is on its way (the shown rows stay). */
  isLoadingMore: boolean;
  failure: CallableFailure | null;
  now: number;
  queueSearch: string;
  isFiltered: boolean;
  limit: number;
  startTicketId: string | null;
  onStartTicket: (ticketId: string | null) => void;
  onStarted: () => void;
  onRetry: () => void;
  onShowMore: () => void;
  onClearFilters: () => void;
};

function QueueBody({
  data,
  isCurrentList,
  isLoading,
  isLoadingMore,
  failure,
  now,
  queueSearch,
  isFiltered,
  limit,
  startTicketId,
  onStartTicket,
  onStarted,
  onRetry,
  onShowMore,
  onClearFilters,
}: QueueBodyProps) {
  const { t } = useTranslation();
  const errorBox = failure ? (
    <Alert type="error">
      <AlertRow>
        {t(failure.messageKey)}
        <Button onClick={onRetry}>{t('tickets.queue.retry')}</Button>
      </AlertRow>
    </Alert>
  ) : null;

  // A failed "show more" or refresh keeps the rows already shown; other failures replace them.
  if (errorBox && (!data || !isCurrentList)) return errorBox;
  if (!data) {
    return <LoadingLine>{t('tickets.queue.loading')}</LoadingLine>;
  }
  const isSwitching = isLoading && !isCurrentList;
  return (
    <div className="queue-body" aria-busy={isSwitching || undefined}>
      {isSwitching && <LoadingLine isInline>{t('tickets.queue.loading')}</LoadingLine>}
      {data.tickets.length === 0 ? (
        <div className="queue-empty">
          <p>{isFiltered ? t('tickets.queue.emptyFiltered') : t('tickets.queue.empty')}</p>
          {isFiltered && <Button onClick={onClearFilters}>{t('tickets.queue.clearFilters')}</Button>}
        </div>
      ) : (
        <div className="queue-list">
          <div className="queue-list-header queue-grid" aria-hidden="true">
            <span>{t('tickets.queue.columns.ticket')}</span>
            <span>{t('tickets.fields.status')}</span>
            <span>{t('tickets.queue.columns.submitter')}</span>
            <span>{t('tickets.queue.columns.age')}</span>
            <span>{t('tickets.fields.assignedTo')}</span>
            <span />
          </div>
          <ul aria-label={t('tickets.queue.listLabel')} className="queue-rows">
            {data.tickets.map((ticket) => (
              <QueueTicketRow
                key={ticket.id}
                ticket={ticket}
                queueSearch={queueSearch}
                now={now}
                isStartOpen={startTicketId === ticket.id}
                onStartOpen={() => onStartTicket(ticket.id)}
                onStartClose={() => onStartTicket(null)}
                onStarted={onStarted}
              />
            ))}
          </ul>
        </div>
      )}
      {errorBox}
      {data.hasMore && !errorBox && (
        <div className="queue-more">
          {limit >= QUEUE_MAX_LIMIT && isCurrentList ? (
            <p>{t('tickets.queue.tooMany', { count: QUEUE_MAX_LIMIT })}</p>
          ) : (
            <Button onClick={onShowMore} isLoading={isLoadingMore} disabled={isSwitching}>
              {t('tickets.queue.showMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
