import { TICKET_CATEGORIES, findCategory, toTicketStatus } from '@domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/router';
import { useAuth } from '../../lib/auth/auth-context';
import { canSeeAllTickets } from '../api/history-query';
import type { Ticket } from '../api/ticket-model';
import { useTicketHistory } from '../api/history-reads';
import { categoryPath } from '../shared/category-labels';
import { OutboxSection } from '../outbox/outbox-section';
import { formatShortDate } from '../shared/format';
import type { TicketLinkState } from '../shared/ticket-link-state';
import {
  EMPTY_FILTERS,
  type HistoryFilters,
  filterableStatuses,
  hasActiveFilters,
  readFilters,
  writeFilters,
} from './history-filters';
import { OfflineNotice } from '../../components/offline-notice';
import { Alert, AlertRow } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Flex } from '../../components/ui/flex';
import { Select } from '../../components/ui/select';
import { LiveLoading } from '../../components/live-loading';
import { StatusTag } from '../../components/ui/status-tag';
import { Switch } from '../../components/ui/switch';
import { TextInput } from '../../components/ui/text-input';
import { Typography } from '../../components/ui/typography';
import '../shared/ticket-panel.css';
import './ticket-history-page.css';

/**
 * /ticket-history: the user's tickets (every ticket for staff), newest first and live, with
 * search, status / category / subcategory filters, "show archived" and "load more".
 */
export function TicketHistoryPage() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const canSeeAll = canSeeAllTickets(user, rules);
  const history = useTicketHistory(
    user
      ? {
          uid: user.uid,
          canSeeAll,
          showArchived: filters.showArchived,
          status: filters.status,
          category: filters.category,
          subcategory: filters.subcategory,
          search: filters.search,
        }
      : null,
  );
  const switchId = useId();

  const update = (patch: Partial<HistoryFilters>) => setParams(writeFilters({ ...filters, ...patch }));
  const category = findCategory(filters.category ?? '');

  return (
    <Flex vertical gap="middle" className="history-page">
      <header>
        <Typography.Title level={2} className="history-title">
          {t('tickets.history.title')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {canSeeAll ? t('tickets.history.scopeAll') : t('tickets.history.scopeOwn')}
        </Typography.Text>
      </header>

      <OfflineNotice isFromCache={history.isFromCache && !history.isLoading} />

      {user && <OutboxSection uid={user.uid} />}

      <div role="search" aria-label={t('tickets.history.filtersLabel')}>
        <Flex wrap gap="small" align="center">
          <SearchBox
            // Remounts when the URL changes (back/forward), so the box shows the search in use.
            key={filters.search}
            initialValue={filters.search ?? ''}
            onSearch={(value) => update({ search: value })}
          />
          <Select
            aria-label={t('tickets.history.statusFilter')}
            placeholder={t('tickets.history.allStatuses')}
            value={filters.status}
            onChange={(status) =>
              update({ status: status === undefined ? undefined : toTicketStatus(status) })
            }
            options={filterableStatuses(filters.showArchived).map((status) => ({
              value: status,
              label: t(`tickets.status.${status}`),
            }))}
            className="history-filter"
          />
          <Select
            aria-label={t('tickets.history.categoryFilter')}
            placeholder={t('tickets.history.allCategories')}
            value={filters.category}
            onChange={(value) => update({ category: value, subcategory: undefined })}
            options={TICKET_CATEGORIES.map(({ id }) => ({
              value: id,
              label: t(`tickets.categories.${id}.name`),
            }))}
            className="history-filter"
          />
          <Select
            aria-label={t('tickets.history.subcategoryFilter')}
            placeholder={t('tickets.history.allSubcategories')}
            value={filters.subcategory}
            disabled={!category}
            onChange={(subcategory) => update({ subcategory })}
            options={(category?.subcategories ?? []).map((sub) => ({
              value: sub,
              label: t(`tickets.categories.${category?.id}.sub.${sub}`),
            }))}
            className="history-filter"
          />
          <Flex align="center" gap="small" className="history-archived-switch">
            <Switch
              id={switchId}
              checked={filters.showArchived}
              onChange={(showArchived) =>
                update({
                  showArchived,
                  // Archived tickets are hidden again, so filtering by that status would find none.
                  status: !showArchived && filters.status === 'archived' ? undefined : filters.status,
                })
              }
            />
            <label htmlFor={switchId}>{t('tickets.history.showArchived')}</label>
          </Flex>
        </Flex>
      </div>

      <HistoryList
        tickets={history.tickets}
        isLoading={history.isLoading}
        isFromCache={history.isFromCache}
        error={history.error}
        showSubmitter={canSeeAll}
        historySearch={params.toString()}
        isFiltered={hasActiveFilters(filters)}
        onRetry={history.retry}
        onClearFilters={() =>
          setParams(writeFilters({ ...EMPTY_FILTERS, showArchived: filters.showArchived }))
        }
      />

      {history.hasMore && !history.error && (
        <Flex justify="center">
          <Button onClick={history.loadMore} isLoading={history.isLoadingMore}>
            {t('tickets.history.loadMore')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

type HistoryListProps = {
  tickets: Ticket[];
  isLoading: boolean;
  /** The first answer came from the device's cache (empty while loading: nothing saved yet). */
  isFromCache: boolean;
  error: Error | null;
  showSubmitter: boolean;
  /** The history's own query string, handed to the details page for its back link. */
  historySearch: string;
  isFiltered: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
};

function HistoryList({
  tickets,
  isLoading,
  isFromCache,
  error,
  showSubmitter,
  historySearch,
  isFiltered,
  onRetry,
  onClearFilters,
}: HistoryListProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert type="error">
        <AlertRow>
          {t('tickets.history.fetchFailed')}
          <Button onClick={onRetry}>{t('tickets.history.retry')}</Button>
        </AlertRow>
      </Alert>
    );
  }
  if (isLoading) {
    return (
      <Flex justify="center" className="history-loading">
        <LiveLoading isFromCache={isFromCache} />
      </Flex>
    );
  }
  if (tickets.length === 0) {
    return (
      <EmptyText
        text={
          isFiltered
            ? t('tickets.history.emptyFiltered')
            : showSubmitter
              ? t('tickets.history.emptyAll')
              : t('tickets.history.empty')
        }
      >
        {isFiltered ? (
          <Button onClick={onClearFilters}>{t('tickets.history.clearFilters')}</Button>
        ) : (
          <Link to="/new-ticket">
            <Button variant="primary">{t('tickets.history.newTicket')}</Button>
          </Link>
        )}
      </EmptyText>
    );
  }
  return (
    <ul aria-label={t('tickets.history.listLabel')} className="history-list">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <TicketRow ticket={ticket} showSubmitter={showSubmitter} historySearch={historySearch} />
        </li>
      ))}
    </ul>
  );
}

type TicketRowProps = { ticket: Ticket; showSubmitter: boolean; historySearch: string };

function TicketRow({ ticket, showSubmitter, historySearch }: TicketRowProps) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to={`/ticket/${encodeURIComponent(ticket.id)}`}
      state={{ historySearch } satisfies TicketLinkState}
      className="history-row-link"
    >
      <div className="ticket-panel ticket-panel--link">
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text strong>{ticket.number}</Typography.Text>
          <StatusTag status={ticket.status} />
        </Flex>
        <Typography.Text type="secondary">
          {categoryPath(t, ticket.category, ticket.subcategory)}
        </Typography.Text>
        <Typography.Paragraph className="history-row-description">{ticket.description}</Typography.Paragraph>
        <Flex justify="space-between" gap="small" wrap>
          <Typography.Text type="secondary">
            {t('tickets.history.createdOn', { date: formatShortDate(ticket.createdAt, i18n.language) })}
          </Typography.Text>
          {showSubmitter && ticket.submitter && (
            <Typography.Text type="secondary">{ticket.submitter.name}</Typography.Text>
          )}
          {ticket.assignedTo && (
            <Typography.Text type="secondary">
              {t('tickets.history.assignedTo', { name: ticket.assignedTo.name })}
            </Typography.Text>
          )}
        </Flex>
      </div>
    </Link>
  );
}

/**
 * The search box: a plain input and button (antd's Input.Search would add about 6 KB to a screen
 * that already carries Firestore). Enter or the button searches; an emptied box clears the search.
 */
function SearchBox({ initialValue, onSearch }: { initialValue: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  return (
    <form
      className="history-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <TextInput
        type="search"
        value={value}
        placeholder={t('tickets.history.searchPlaceholder')}
        aria-label={t('tickets.history.search')}
        onChange={(event) => {
          setValue(event.target.value);
          if (event.target.value === '' && initialValue !== '') onSearch('');
        }}
      />
      <Button type="submit" variant="primary">
        {t('tickets.history.searchButton')}
      </Button>
    </form>
  );
}

/** The empty list: what is (not) there, and what to do next. */
function EmptyText({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="history-empty">
      <p>{text}</p>
      {children}
    </div>
  );
}
