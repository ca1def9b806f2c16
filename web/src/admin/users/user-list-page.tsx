import {
  ACCOUNT_STATUSES,
  ALL_ROLES,
  type AdminUserRow,
  type ListUsersResponse,
  PERMISSIONS,
  USER_LIST_TABS,
  hasPermission,
} from '@domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/router';
import { useAuth } from '../../lib/auth/auth-context';
import { AccountStatusBadge } from './account-status-badge';
import { EMPTY_VALUE, formatDay, formatMoment } from './format';
import type { CallableFailure } from '../../lib/callable-failure';
import { useCallableRead } from '../../lib/use-callable';
import {
  DEFAULT_QUERY,
  type UserListQuery,
  isFiltered,
  patchUserListQuery,
  readUserListQuery,
  toListUsersRequest,
  writeUserListQuery,
} from './user-list-query';
import './admin-common.css';
import './user-list.css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { TextInput } from '../../components/ui/text-input';
import { Typography } from '../../components/ui/typography';
import { LoadingLine } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';

/** What a row hands to the profile page, so its back link returns to the same list. */
export type UserListLinkState = { listSearch: string };

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /admin/users: every account and directory worker (or directory workers only), searchable by
 * name or e-mail, filtered by role and account status, a page at a time. The list is a table-like
 * grid on a desktop and a stack of cards on a phone; each row opens /admin/profile/{key}.
 */
export function UserListPage() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const canSeeStatus = hasPermission(user, PERMISSIONS.VIEW_USER_ACCOUNT_STATUS, rules);
  const [params, setParams] = useSearchParams();
  const query = readUserListQuery(params, canSeeStatus);
  const result = useCallableRead('listUsers', toListUsersRequest(query), { keepStale: true });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Reads the URL as it is now: a debounced search must not undo a filter picked meanwhile.
  const update = (patch: Partial<UserListQuery>, options: { replace?: boolean } = {}) =>
    setParams(
      (current) => writeUserListQuery(patchUserListQuery(readUserListQuery(current, canSeeStatus), patch)),
      options,
    );

  const goToPage = (page: number) => {
    update({ page });
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="user-list-page">
      <header>
        <Typography.Title level={2} ref={headingRef} className="user-list-title">
          {t('admin.users.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('admin.users.subtitle')}</Typography.Text>
      </header>

      <Tabs
        label={t('admin.users.tabsLabel')}
        activeKey={query.tab}
        onChange={(key) => update({ tab: USER_LIST_TABS.find((known) => known === key) ?? query.tab })}
        panelClassName="user-list-panel"
        items={USER_LIST_TABS.map((value) => ({
          key: value,
          label: t(`admin.users.tabs.${value}`),
          children:
            value === query.tab ? (
              <>
                <div role="search" aria-label={t('admin.users.filtersLabel')} className="user-list-filters">
                  <SearchBox
                    value={query.search}
                    onSearch={(search) => update({ search }, { replace: true })}
                  />
                  <Select
                    aria-label={t('admin.users.roleFilter')}
                    placeholder={t('admin.users.allRoles')}
                    value={query.role}
                    onChange={(role) => update({ role: ALL_ROLES.find((known) => known === role) })}
                    options={ALL_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                  />
                  {canSeeStatus && (
                    <Select
                      aria-label={t('admin.users.statusFilter')}
                      placeholder={t('admin.users.allStatuses')}
                      value={query.status}
                      onChange={(status) =>
                        update({ status: ACCOUNT_STATUSES.find((known) => known === status) })
                      }
                      options={ACCOUNT_STATUSES.map((status) => ({
                        value: status,
                        label: t(`admin.users.status.${status}`),
                      }))}
                    />
                  )}
                </div>

                <UserListBody
                  listSearch={params.toString()}
                  data={result.data}
                  isLoading={result.isLoading}
                  failure={result.failure}
                  showStatus={canSeeStatus}
                  isFiltered={isFiltered(query)}
                  onRetry={result.reload}
                  onClearFilters={() => setParams(writeUserListQuery({ ...DEFAULT_QUERY, tab: query.tab }))}
                  onPage={goToPage}
                />
              </>
            ) : null,
        }))}
      />
    </div>
  );
}

type SearchBoxProps = { value: string; onSearch: (value: string) => void };

/**
 * Searches as the user types, once typing pauses. Follows the URL when it changes from outside
 * (back / forward) without losing what is being typed.
 */
function SearchBox({ value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (text.trim() !== value) setText(value);
  }
  // The latest callback, so a re-render of the page does not restart the pause.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return undefined;
    const timer = setTimeout(() => onSearchRef.current(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextInput
      type="search"
      className="user-list-search"
      value={text}
      maxLength={100}
      placeholder={t('admin.users.searchPlaceholder')}
      aria-label={t('admin.users.search')}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

type UserListBodyProps = {
  listSearch: string;
  data: ListUsersResponse | null;
  isLoading: boolean;
  failure: CallableFailure | null;
  showStatus: boolean;
  isFiltered: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
};

function UserListBody({
  listSearch,
  data,
  isLoading,
  failure,
  showStatus,
  isFiltered: hasFilters,
  onRetry,
  onClearFilters,
  onPage,
}: UserListBodyProps) {
  const { t } = useTranslation();
  if (failure) {
    return (
      <Alert type="error">
        <span className="admin-message-row">
          {t(failure.messageKey, failure.values)}
          <Button onClick={onRetry}>{t('admin.common.retry')}</Button>
        </span>
      </Alert>
    );
  }
  if (!data) {
    return <LoadingLine>{t('admin.users.loading')}</LoadingLine>;
  }
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  const page = data.page + 1;
  return (
    <div className="user-list-body" aria-busy={isLoading || undefined}>
      {isLoading && <LoadingLine isInline>{t('admin.users.loading')}</LoadingLine>}
      {data.rows.length === 0 ? (
        <div className="user-list-empty">
          <p>{hasFilters ? t('admin.users.emptyFiltered') : t('admin.users.empty')}</p>
          {hasFilters && <Button onClick={onClearFilters}>{t('admin.users.clearFilters')}</Button>}
        </div>
      ) : (
        <UserRows rows={data.rows} showStatus={showStatus} listSearch={listSearch} />
      )}
      <nav className="user-list-pager" aria-label={t('admin.users.pagination')}>
        <span>{t('admin.users.total', { count: data.total })}</span>
        <span className="user-list-pager-controls">
          <Button disabled={isLoading || page <= 1} onClick={() => onPage(page - 1)}>
            {t('admin.users.previous')}
          </Button>
          <span aria-live="polite">{t('admin.users.pageOf', { page, pages: pageCount })}</span>
          <Button disabled={isLoading || page >= pageCount} onClick={() => onPage(page + 1)}>
            {t('admin.users.next')}
          </Button>
        </span>
      </nav>
    </div>
  );
}

type UserRowsProps = { rows: AdminUserRow[]; showStatus: boolean; listSearch: string };

function UserRows({ rows, showStatus, listSearch }: UserRowsProps) {
  const { t } = useTranslation();
  const columns = `user-list-grid${showStatus ? ' has-status' : ''}`;
  return (
    <div className="user-list">
      <div className={`user-list-header ${columns}`} aria-hidden="true">
        <span>{t('admin.users.columns.name')}</span>
        <span>{t('admin.users.columns.role')}</span>
        {showStatus && <span>{t('admin.users.columns.status')}</span>}
        <span>{t('admin.users.columns.lastSignIn')}</span>
        <span>{t('admin.users.columns.createdAt')}</span>
      </div>
      <ul aria-label={t('admin.users.listLabel')} className="user-list-rows">
        {rows.map((row) => (
          <UserRowItem
            key={row.key}
            row={row}
            showStatus={showStatus}
            className={columns}
            listSearch={listSearch}
          />
        ))}
      </ul>
    </div>
  );
}

type UserRowItemProps = { row: AdminUserRow; showStatus: boolean; className: string; listSearch: string };

function UserRowItem({ row, showStatus, className, listSearch }: UserRowItemProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const hasAccount = row.uid !== null;
  const cell = (label: string, value: ReactNode) => (
    <span className="user-row-cell">
      <span className="user-row-label">{label}: </span>
      {value}
    </span>
  );
  return (
    <li className={`user-row ${className}`}>
      <span className="user-row-main">
        <Link
          to={`/admin/profile/${encodeURIComponent(row.key)}`}
          state={{ listSearch } satisfies UserListLinkState}
          className="user-row-link"
        >
          {row.name || row.email}
        </Link>
        <span className="user-row-email">{row.email}</span>
      </span>
      {cell(t('admin.users.columns.role'), row.role ? t(`roles.${row.role}`) : EMPTY_VALUE)}
      {showStatus &&
        cell(t('admin.users.columns.status'), row.status && <AccountStatusBadge status={row.status} />)}
      {cell(
        t('admin.users.columns.lastSignIn'),
        hasAccount && !row.lastSignIn
          ? t('admin.users.neverSignedIn')
          : formatMoment(row.lastSignIn, language),
      )}
      {cell(t('admin.users.columns.createdAt'), formatDay(row.createdAt, language))}
    </li>
  );
}
