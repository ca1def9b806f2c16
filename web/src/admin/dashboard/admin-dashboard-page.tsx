import {
  ACCOUNT_STATUSES,
  ALL_ROLES,
  type AdminDashboardResponse,
  type DashboardOpenTicket,
  PERMISSIONS,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  hasPermission,
  isAdmin,
} from '@domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FollowThroughPanels } from './follow-through-panels';
import { ServiceLevelsPanel } from './service-levels-panel';
import { Link } from '../../lib/router';
import { useAuth } from '../../lib/auth/auth-context';
import { useAdminDashboard } from './use-admin-dashboard';
import './admin-dashboard.css';
import { Alert, AlertRow } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Flex } from '../../components/ui/flex';
import { Spinner } from '../../components/ui/spinner';
import { STATUS_COLORS, StatusTag } from '../../components/ui/status-tag';
import { Typography } from '../../components/ui/typography';

/*
 * /admin (the route table admits managers and up with CREATE_USER_ACCOUNTS and VIEW_ALL_USER_DATA;
 * the server wants the role and VIEW_ALL_USER_DATA): users by role and account
 * status, tickets by status and category, and the oldest open tickets. Plain lists with CSS bars
 * rather than antd Table / Statistic / charts, which would weigh more than the whole screen.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const dashboard = useAdminDashboard();
  const canManageUsers = hasPermission(user, PERMISSIONS.VIEW_ALL_USER_DATA, rules);
  const isAdminHere = rules !== null && isAdmin(user?.role, rules);
  const canDebug = isAdminHere && hasPermission(user, PERMISSIONS.ACCESS_DEBUG_TOOLS, rules);

  return (
    <Flex vertical gap="middle" className="admin-dash-page">
      <header>
        <Typography.Title level={2} className="admin-dash-title">
          {t('admin.dashboard.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('admin.dashboard.subtitle')}</Typography.Text>
      </header>
      <Flex wrap gap="small">
        {canManageUsers && (
          <Link className="admin-dash-link" to="/admin/users">
            {t('nav.userManagement')}
          </Link>
        )}
        {canDebug && (
          <Link className="admin-dash-link" to="/admin/debug">
            {t('nav.adminDebug')}
          </Link>
        )}
        <Button
          onClick={dashboard.reload}
          isLoading={dashboard.isLoading && dashboard.data !== null}
          disabled={dashboard.isLoading}
          size="middle"
        >
          {t('admin.dashboard.refresh')}
        </Button>
      </Flex>

      {dashboard.failure && (
        <Alert type="error">
          <AlertRow>
            {t(dashboard.failure.messageKey)}
            <Button onClick={dashboard.reload}>{t('admin.dashboard.retry')}</Button>
          </AlertRow>
        </Alert>
      )}
      {dashboard.isLoading && dashboard.data === null && (
        <Flex justify="center" className="admin-dash-loading">
          <Spinner label={t('common.loading')} />
        </Flex>
      )}
      {dashboard.data && <DashboardPanels data={dashboard.data} loadedAt={dashboard.loadedAt} />}
      {isAdminHere && <ServiceLevelsPanel />}
    </Flex>
  );
}

function DashboardPanels({ data, loadedAt }: { data: AdminDashboardResponse; loadedAt: number }) {
  const { t } = useTranslation();

  const roleItems = ALL_ROLES.map((role) => ({
    key: role,
    label: t(`roles.${role}`),
    count: data.usersByRole[role] ?? 0,
  }));
  const statusItems = ACCOUNT_STATUSES.map((status) => ({
    key: status,
    label: t(`admin.dashboard.accountStatus.${status}`),
    count: data.usersByStatus[status] ?? 0,
  }));
  const ticketStatusItems = TICKET_STATUSES.filter((status) => (data.ticketsByStatus[status] ?? 0) > 0).map(
    (status) => ({
      key: status,
      label: t(`tickets.status.${status}`),
      count: data.ticketsByStatus[status] ?? 0,
      color: STATUS_COLORS[status],
    }),
  );
  // Every known category (zero included), then any stored id the catalogue no longer knows.
  const knownIds: string[] = TICKET_CATEGORIES.map(({ id }) => id);
  const categoryIds = [
    ...knownIds,
    ...Object.keys(data.ticketsByCategory)
      .filter((id) => !knownIds.includes(id))
      .sort(),
  ];
  const categoryItems = categoryIds
    .map((id) => ({
      key: id,
      label: t(`tickets.categories.${id}.name`, { defaultValue: id }),
      count: data.ticketsByCategory[id] ?? 0,
    }))
    .sort((a, b) => b.count - a.count);
  const ticketTotal = ticketStatusItems.reduce((sum, item) => sum + item.count, 0);

  return (
    <div className="admin-dash-grid">
      <Panel title={t('admin.dashboard.usersByRole')} items={roleItems} />
      <Panel title={t('admin.dashboard.usersByStatus')} items={statusItems} />
      <Panel
        title={t('admin.dashboard.ticketsByStatus')}
        items={ticketStatusItems}
        emptyText={ticketTotal === 0 ? t('admin.dashboard.noTickets') : undefined}
      />
      <Panel
        title={t('admin.dashboard.ticketsByCategory')}
        items={categoryItems}
        emptyText={ticketTotal === 0 ? t('admin.dashboard.noTickets') : undefined}
      />
      <OldestOpen tickets={data.oldestOpen} now={loadedAt} />
      <SafetyAcknowledge bySite={data.safetyAcknowledgeBySite} open={data.safetyOpen} />
      <FollowThroughPanels figures={data} />
    </div>
  );
}

type SafetyAcknowledgeProps = {
  bySite: { site: string; medianMinutes: number; reports: number }[];
  open: number;
};

/** How fast safety reports are acknowledged: the median per site, and how many wait for it now. */
function SafetyAcknowledge({ bySite, open }: SafetyAcknowledgeProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <section className="admin-dash-panel admin-dash-panel--wide" aria-labelledby={headingId}>
      <div className="admin-dash-panel-head">
        <h3 id={headingId}>{t('admin.dashboard.safety.title')}</h3>
        <span className="admin-dash-muted">{t('admin.dashboard.safety.open', { count: open })}</span>
      </div>
      {bySite.length === 0 ? (
        <p className="admin-dash-muted">{t('admin.dashboard.safety.none')}</p>
      ) : (
        <table className="admin-dash-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.safety.site')}</th>
              <th scope="col">{t('admin.dashboard.safety.median')}</th>
              <th scope="col">{t('admin.dashboard.safety.reports')}</th>
            </tr>
          </thead>
          <tbody>
            {bySite.map((row) => (
              <tr key={row.site}>
                <th scope="row">{row.site}</th>
                <td>{t('admin.dashboard.safety.minutes', { count: Math.round(row.medianMinutes) })}</td>
                <td>{format.format(row.reports)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type BarItem = { key: string; label: string; count: number; color?: string };

type PanelProps = {
  title: string;
  items: BarItem[];
  /** Shown in place of the rows (when there is nothing to count). */
  emptyText?: string;
};

/** A titled list of counts, each with a bar showing its share of the total. */
function Panel({ title, items, emptyText }: PanelProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const total = items.reduce((sum, item) => sum + item.count, 0);
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <section className="admin-dash-panel" aria-labelledby={headingId}>
      <div className="admin-dash-panel-head">
        <h3 id={headingId}>{title}</h3>
        <span className="admin-dash-muted">
          {t('admin.dashboard.total', { count: format.format(total) })}
        </span>
      </div>
      {emptyText ? (
        <p className="admin-dash-muted">{emptyText}</p>
      ) : (
        <ul className="admin-dash-bars" aria-labelledby={headingId}>
          {items.map((item) => {
            // A non-zero count always shows a sliver of bar.
            const share = total > 0 && item.count > 0 ? Math.max(2, (item.count / total) * 100) : 0;
            return (
              <li key={item.key} className="admin-dash-bar" data-key={item.key}>
                <span className="admin-dash-bar-label">{item.label}</span>
                <span className="admin-dash-bar-count">{format.format(item.count)}</span>
                <span className="admin-dash-bar-track" aria-hidden="true">
                  <span
                    className={`admin-dash-bar-fill admin-dash-bar-fill--${item.color ?? 'brand'}`}
                    style={{ width: `${share}%` }}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** `now`: when the dashboard was loaded; the ages only need to be right to the day. */
function OldestOpen({ tickets, now }: { tickets: DashboardOpenTicket[]; now: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="admin-dash-panel admin-dash-panel--wide" aria-labelledby={headingId}>
      <div className="admin-dash-panel-head">
        <h3 id={headingId}>{t('admin.dashboard.oldestOpen')}</h3>
        <span className="admin-dash-muted">{t('admin.dashboard.oldestOpenHint')}</span>
      </div>
      {tickets.length === 0 ? (
        <p className="admin-dash-muted">{t('admin.dashboard.noOpenTickets')}</p>
      ) : (
        <ol className="admin-dash-tickets" aria-labelledby={headingId}>
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <OpenTicketRow ticket={ticket} now={now} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OpenTicketRow({ ticket, now }: { ticket: DashboardOpenTicket; now: number }) {
  const { t, i18n } = useTranslation();
  const created = Date.parse(ticket.createdAt);
  const hasDate = !Number.isNaN(created);
  const days = hasDate ? Math.max(0, Math.floor((now - created) / DAY_MS)) : null;
  const category = t(`tickets.categories.${ticket.category}.name`, { defaultValue: ticket.category });
  const subcategory = ticket.subcategory
    ? t(`tickets.categories.${ticket.category}.sub.${ticket.subcategory}`, {
        defaultValue: ticket.subcategory,
      })
    : '';
  return (
    <Link className="admin-dash-ticket" to={`/ticket/${encodeURIComponent(ticket.id)}`}>
      <span className="admin-dash-ticket-top">
        <strong>{ticket.number}</strong>
        <StatusTag status={ticket.status} />
        {days !== null && (
          <span className="admin-dash-ticket-age">
            {days === 0 ? t('admin.dashboard.ageUnderDay') : t('admin.dashboard.age', { count: days })}
          </span>
        )}
      </span>
      <span className="admin-dash-muted">{subcategory ? `${category} › ${subcategory}` : category}</span>
      <span className="admin-dash-ticket-bottom admin-dash-muted">
        <span>{ticket.submitterName}</span>
        {hasDate && (
          <span>
            {t('admin.dashboard.openedOn', {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(created),
            })}
          </span>
        )}
      </span>
    </Link>
  );
}
