import {
  OPEN_STATUSES,
  PERMISSIONS,
  RATEABLE_STATUSES,
  actsAsStaffOn,
  daysOverdue,
  hasPermission,
  workerMayAddUpdate,
  workerMayArchive,
} from '@domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from '../../lib/router';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyComponent } from '../../lib/lazy-component';
import type { ActivityEntry, Ticket, TicketItem, TicketUpdate } from '../api/ticket-model';
import { useTicket } from '../api/ticket-reads';
import { categoryName, subcategoryName } from '../shared/category-labels';
import {
  EMPTY_VALUE,
  formatDateTime,
  formatDay,
  formatShortDay,
  formatMoney,
  formatNumber,
  formatSalaryPeriod,
} from '../shared/format';
import { type TicketBackLink, ticketBackLinkFrom } from '../shared/ticket-link-state';
import { LiveLoading } from '../../components/live-loading';
import { OfflineNotice } from '../../components/offline-notice';
import { ActivityLog } from './activity-log';
import { AttachmentList } from './attachment-list';
import { Button, buttonClassName } from '../../components/ui/button';
import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  ClockCircleOutlined,
  WarningOutlined,
} from '../../components/ui/icons';
import { ResultPanel } from '../../components/ui/result-panel';
import { StatusTag } from '../../components/ui/status-tag';
import { Tag } from '../../components/ui/tag';
import { Typography } from '../../components/ui/typography';
import '../shared/ticket-panel.css';
import './ticket-details-page.css';

// This page already carries Firestore (and Storage for attachments), so it is built from plain
// markup and its own CSS rather than antd's Descriptions, Result, Alert, Tag, Timeline and Image, which
// together cost about 40 KB gzip here. Button and Typography come with the signed-in shell anyway.

type Row = { key: string; label: string; value: ReactNode };

// The actions are a chunk of their own (three components of one module), loaded for staff as the
// page opens and for a worker only when their ticket offers an action.
const loadActions = () => import('./actions/ticket-actions');
const processPanel = lazyComponent(() => loadActions().then((module) => module.ProcessPanel));
const updatePanel = lazyComponent(() => loadActions().then((module) => module.UpdatePanel));
const ownerArchive = lazyComponent(() => loadActions().then((module) => module.OwnerArchive));
const preloadActions = () =>
  Promise.all([processPanel, updatePanel, ownerArchive].map((part) => part.preload()));
// "Did this solve it?" is a small chunk of its own: the owner of an answered ticket needs nothing else.
const ratingPrompt = lazyComponent(() =>
  import('./actions/rating-prompt').then((module) => module.RatingPrompt),
);

type TicketPermissions = {
  isStaff: boolean;
  canUpdate: boolean;
  canOwnerArchive: boolean;
  /** The owner is asked "Did this solve it?": answered (resolved, paid, sent), not rated yet. */
  canRate: boolean;
};

/**
 * What the signed-in user may do on this ticket (the server checks every call again). Staff on
 * their own ticket are its owner only: nobody processes their own request.
 */
function useTicketPermissions(ticket: Ticket | null): TicketPermissions {
  const { user, rules } = useAuth();
  const uid = user?.uid ?? '';
  const holdsProcessTickets = hasPermission(user, PERMISSIONS.PROCESS_TICKETS, rules);
  const isStaff = ticket ? actsAsStaffOn(ticket, uid, holdsProcessTickets) : holdsProcessTickets;
  const canUpdate = !!ticket && ((isStaff && !ticket.archived) || workerMayAddUpdate(ticket, uid));
  const canOwnerArchive = !!ticket && !isStaff && workerMayArchive(ticket, uid);
  const canRate =
    !!ticket &&
    !isStaff &&
    ticket.createdBy === uid &&
    !ticket.archived &&
    ticket.rating === null &&
    (RATEABLE_STATUSES as readonly string[]).includes(ticket.status);
  const hasActions = isStaff || canUpdate || canOwnerArchive;
  useEffect(() => {
    if (hasActions) void preloadActions().catch(() => undefined);
  }, [hasActions]);
  useEffect(() => {
    if (canRate) void ratingPrompt.preload().catch(() => undefined);
  }, [canRate]);
  return { isStaff, canUpdate, canOwnerArchive, canRate };
}

/** Label/value pairs; two columns on wide screens, one on a phone. Empty values show a dash. */
function Fields({ rows }: { rows: Row[] }) {
  return (
    <dl className="ticket-fields">
      {rows.map(({ key, label, value }) => (
        <div className="ticket-field" key={key}>
          <dt>{label}</dt>
          <dd>{value === undefined || value === null || value === '' ? EMPTY_VALUE : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /ticket/:ticketId: every field of a ticket, its category details, ordered items, attachments,
 * updates and activity log, all live. A ticket that does not exist and one the user may not see
 * get the same page.
 */
export function TicketDetailsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const location = useLocation();
  const result = useTicket(ticketId);
  const back = ticketBackLinkFrom(location.state);
  const permissions = useTicketPermissions(result.status === 'ready' ? result.ticket : null);

  const offline = <OfflineNotice isFromCache={result.isFromCache} />;
  if (result.status === 'loading') {
    // Offline, a ticket never opened on this device waits for the connection: say so.
    return <LiveLoading isBlock isFromCache={result.isFromCache} />;
  }
  if (result.status === 'notFound' || result.status === 'denied') {
    return <TicketNotFound back={back} />;
  }
  if (result.status === 'error') {
    return (
      <div role="alert" className="ticket-alert">
        <span>
          <WarningOutlined aria-hidden /> {t('tickets.details.loadFailed')}
        </span>
        <Button size="small" onClick={result.retry}>
          {t('tickets.details.retry')}
        </Button>
      </div>
    );
  }
  return (
    <TicketView
      ticket={result.ticket}
      updates={result.updates}
      activity={result.activity}
      back={back}
      permissions={permissions}
      offlineNotice={offline}
    />
  );
}

function TicketNotFound({ back }: { back: TicketBackLink }) {
  const { t } = useTranslation();
  return (
    <ResultPanel
      status="notFound"
      title={t('tickets.details.notFoundTitle')}
      subTitle={t('tickets.details.notFoundText')}
      extra={
        <Link to={back.path} className={buttonClassName({ variant: 'primary' })}>
          {t(back.labelKey)}
        </Link>
      }
    />
  );
}

type TicketViewProps = {
  ticket: Ticket;
  updates: TicketUpdate[];
  activity: ActivityEntry[];
  back: TicketBackLink;
  permissions: TicketPermissions;
  /** Shown under the heading while offline (see OfflineNotice). */
  offlineNotice: ReactNode;
};

function TicketView({ ticket, updates, activity, back, permissions, offlineNotice }: TicketViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const categoryRows = categoryDetailRows(t, ticket, language);
  const { isStaff, canUpdate, canOwnerArchive, canRate } = permissions;
  const ProcessPanel = processPanel.Component;
  const RatingPrompt = ratingPrompt.Component;
  const UpdatePanel = updatePanel.Component;
  const OwnerArchive = ownerArchive.Component;

  const rows: Row[] = [
    { key: 'number', label: t('tickets.fields.number'), value: ticket.number },
    { key: 'status', label: t('tickets.fields.status'), value: <StatusTag status={ticket.status} /> },
    { key: 'category', label: t('tickets.fields.category'), value: categoryName(t, ticket.category) },
    {
      key: 'subcategory',
      label: t('tickets.fields.subcategory'),
      value: subcategoryName(t, ticket.category, ticket.subcategory),
    },
    {
      key: 'createdAt',
      label: t('tickets.fields.createdAt'),
      value: formatDateTime(ticket.createdAt, language),
    },
    {
      key: 'submitter',
      label: t('tickets.fields.submitter'),
      value: ticket.submitter ? (
        <span className="ticket-submitter">
          <span>{ticket.submitter.name}</span>
          {ticket.submitter.email && (
            <Typography.Link href={`mailto:${ticket.submitter.email}`}>
              {ticket.submitter.email}
            </Typography.Link>
          )}
        </span>
      ) : (
        ticket.createdBy
      ),
    },
    {
      key: 'assignedTo',
      label: t('tickets.fields.assignedTo'),
      value: ticket.assignedTo?.name || t('tickets.details.notAssigned'),
    },
    {
      key: 'lastUpdate',
      label: t('tickets.fields.lastUpdate'),
      value: formatDateTime(ticket.lastUpdate, language),
    },
  ];
  const expected = answerExpectedText(t, ticket, language);
  if (expected) rows.push({ key: 'answerExpected', label: t('tickets.fields.answer'), value: expected });
  if (ticket.rating) {
    rows.push({
      key: 'rating',
      label: t('tickets.rating.yourAnswer'),
      value: [
        t(ticket.rating.value === 'up' ? 'tickets.rating.answeredUp' : 'tickets.rating.answeredDown'),
        ticket.rating.comment,
      ]
        .filter(Boolean)
        .join(': '),
    });
  }
  if (ticket.address)
    rows.push({ key: 'address', label: t('tickets.fields.address'), value: ticket.address });
  if (ticket.carPlate) {
    rows.push({ key: 'carPlate', label: t('tickets.fields.carPlate'), value: ticket.carPlate });
  }
  if (ticket.rejectionReason) {
    rows.push({
      key: 'rejectionReason',
      label: t('tickets.fields.rejectionReason'),
      value: ticket.rejectionReason,
    });
  }
  if (ticket.paid) {
    const { amount, date } = ticket.paid;
    rows.push(
      {
        key: 'paidAmount',
        label: t('tickets.fields.paidAmount'),
        value: amount === null ? null : formatMoney(amount, ticket.details.currency, language),
      },
      { key: 'paidDate', label: t('tickets.fields.paidDate'), value: date && formatDay(date, language) },
    );
  }

  return (
    <div className="ticket-details">
      <Link to={back.path}>
        <ArrowLeftOutlined aria-hidden /> {t(back.labelKey)}
      </Link>
      <header>
        <div className="ticket-details-heading">
          <Typography.Title level={2} className="ticket-details-title">
            {t('tickets.details.title', { number: ticket.number })}
          </Typography.Title>
          <StatusTag status={ticket.status} />
          {ticket.archived && ticket.status !== 'archived' && <Tag>{t('tickets.details.archived')}</Tag>}
        </div>
        <Typography.Text type="secondary">
          {categoryName(t, ticket.category)} › {subcategoryName(t, ticket.category, ticket.subcategory)}
        </Typography.Text>
      </header>

      {offlineNotice}

      <Section title={t('tickets.details.summary')}>
        <Fields rows={rows} />
      </Section>

      {isStaff && (
        <Section title={t('tickets.actions.title')}>
          <ProcessPanel ticket={ticket} />
        </Section>
      )}

      {canRate && (
        <Section title={t('tickets.rating.question')}>
          <RatingPrompt ticket={ticket} />
        </Section>
      )}

      {canOwnerArchive && (
        <Section title={t('tickets.actions.archiveTitle')}>
          <OwnerArchive ticket={ticket} />
        </Section>
      )}

      <Section title={t('tickets.fields.description')}>
        <p className="ticket-text">{ticket.description || EMPTY_VALUE}</p>
      </Section>

      {categoryRows.length > 0 && (
        <Section title={t('tickets.details.categoryDetails')}>
          <Fields rows={categoryRows} />
        </Section>
      )}

      {ticket.items.length > 0 && (
        <Section title={t('tickets.fields.items')}>
          <ItemList items={ticket.items} />
        </Section>
      )}

      {ticket.attachments.length > 0 && (
        <Section title={t('tickets.fields.attachments')}>
          <AttachmentList attachments={ticket.attachments} />
        </Section>
      )}

      <Section title={t('tickets.details.updates')}>
        <UpdateList updates={updates} />
        {canUpdate && (
          <div className="ticket-update-new">
            <h4 className="ticket-actions-title">{t('tickets.actions.newUpdate')}</h4>
            <UpdatePanel ticket={ticket} asStaff={isStaff} />
          </div>
        )}
      </Section>

      <Section title={t('tickets.details.activity')}>
        <ActivityLog entries={activity} category={ticket.category} />
      </Section>
    </div>
  );
}

/** A titled card that is also a named region, so each part of the page can be found by name. */
/**
 * "Answer expected by Thu 27 Nov" while staff have not answered an open ticket that has an answer
 * day; "Answer overdue by 2 days" once that day has passed; null otherwise.
 */
function answerExpectedText(t: TFunction, ticket: Ticket, language: string): string | null {
  if (!ticket.answerDueDay || ticket.firstResponseAt) return null;
  if (!(OPEN_STATUSES as readonly string[]).includes(ticket.status) || ticket.archived) return null;
  const late = daysOverdue(ticket.answerDueDay, new Date());
  if (late > 0) return t('tickets.serviceLevel.overdueBy', { count: late });
  return t('tickets.serviceLevel.expectedBy', { day: formatShortDay(ticket.answerDueDay, language) });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ticket-panel" aria-label={title}>
      <h3 className="ticket-panel-title">{title}</h3>
      <div className="ticket-panel-body">{children}</div>
    </section>
  );
}

/** The category-specific fields that the ticket has, in a fixed reading order. */
function categoryDetailRows(t: TFunction, ticket: Ticket, language: string): Row[] {
  const { details } = ticket;
  const rows: Row[] = [];
  const add = (key: string, value: ReactNode) => rows.push({ key, label: t(`tickets.fields.${key}`), value });
  const money = (amount: number) => formatMoney(amount, details.currency, language);

  if (details.type !== undefined) add('absenceType', subcategoryName(t, 'absences', details.type));
  if (details.amount !== undefined) add('amount', money(details.amount));
  if (details.currency !== undefined) add('currency', details.currency);
  if (details.fee !== undefined) add('fee', money(details.fee));
  if (details.total !== undefined) add('total', money(details.total));
  if (details.period !== undefined) add('period', formatSalaryPeriod(details.period, language));
  if (details.purchaseDate !== undefined) add('purchaseDate', formatDay(details.purchaseDate, language));
  if (details.startDate !== undefined) add('startDate', formatDay(details.startDate, language));
  if (details.endDate !== undefined) add('endDate', formatDay(details.endDate, language));
  if (details.hours !== undefined) add('hours', formatNumber(details.hours, language));
  if (details.hasMedicalCertificate !== undefined) {
    add(
      'hasMedicalCertificate',
      details.hasMedicalCertificate ? t('tickets.details.yes') : t('tickets.details.no'),
    );
  }
  if (details.reason !== undefined) add('reason', details.reason);
  return rows;
}

function ItemList({ items }: { items: TicketItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="ticket-list">
      {items.map((item, index) => (
        <li key={`${item.name}-${index}`} className="ticket-item">
          <span>
            {item.name} <Typography.Text type="secondary">× {item.quantity}</Typography.Text>
          </span>
          {item.confirmed ? (
            <Typography.Text type="success">
              <CheckCircleFilled aria-hidden /> {t('tickets.details.confirmed')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">
              <ClockCircleOutlined aria-hidden /> {t('tickets.details.notConfirmed')}
            </Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}

function UpdateList({ updates }: { updates: TicketUpdate[] }) {
  const { t, i18n } = useTranslation();
  if (updates.length === 0) {
    return <Typography.Text type="secondary">{t('tickets.details.noUpdates')}</Typography.Text>;
  }
  return (
    <ol className="ticket-list ticket-updates">
      {updates.map((update) => (
        <li key={update.id} className="ticket-update">
          <p className="ticket-text">{update.text}</p>
          <Typography.Text type="secondary" className="ticket-by-at">
            {t('tickets.details.byAt', {
              name: update.by?.name || EMPTY_VALUE,
              date: formatDateTime(update.at, i18n.language),
            })}
          </Typography.Text>
          {update.attachments.length > 0 && (
            <div className="ticket-update-files">
              <AttachmentList attachments={update.attachments} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
