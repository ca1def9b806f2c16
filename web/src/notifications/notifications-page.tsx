import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router';
import { useAuth } from '../lib/auth/auth-context';
import { TOO_MANY_REQUESTS_KEY, tooManyRequestsOf } from '../lib/callable-failure';
import { logger } from '../lib/logger';
import { OfflineNotice } from '../components/offline-notice';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Flex } from '../components/ui/flex';
import { LiveLoading } from '../components/live-loading';
import { Typography } from '../components/ui/typography';
import {
  type Inbox,
  type InboxNotification,
  markAllNotificationsRead,
  markNotificationsRead,
  useInbox,
  useUnreadNotificationCount,
} from './api';
import { notificationText } from './notification-text';
import './notifications-page.css';

/** A moment in the reader's language, e.g. "25 lis 2026, 09:30". */
function formatMoment(value: Date | null, language: string): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(value);
}

/**
 * /notifications: the reader's inbox, newest first and live, 20 at a time. Opening an entry marks
 * it read and opens its ticket; "Mark all read" marks the rest.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const inbox = useInbox(uid);
  const unread = useUnreadNotificationCount(uid);
  const [isMarking, setIsMarking] = useState(false);
  /** Why marking all read failed: over the account's limit (with its minutes), or otherwise. */
  const [markFailure, setMarkFailure] = useState<{ count: number } | 'failed' | null>(null);

  const markAll = () => {
    setIsMarking(true);
    setMarkFailure(null);
    markAllNotificationsRead().then(
      () => setIsMarking(false),
      (error: unknown) => {
        logger.error('Marking all notifications read failed', error);
        setIsMarking(false);
        setMarkFailure(tooManyRequestsOf(error) ?? 'failed');
      },
    );
  };

  return (
    <Flex vertical gap="middle" className="inbox-page">
      <header>
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Title level={2} className="inbox-title">
            {t('notifications.title')}
          </Typography.Title>
          <Button onClick={markAll} isLoading={isMarking} disabled={unread === 0}>
            {t('notifications.markAllRead')}
          </Button>
        </Flex>
        <Typography.Text type="secondary" aria-live="polite">
          {t('notifications.unreadCount', { count: unread })}
        </Typography.Text>
      </header>
      <OfflineNotice isFromCache={inbox.isFromCache && !inbox.isLoading} />
      {markFailure && (
        <Alert type="error">
          {markFailure === 'failed'
            ? t('notifications.errors.markFailed')
            : t(TOO_MANY_REQUESTS_KEY, markFailure)}
        </Alert>
      )}
      <InboxList inbox={inbox} />
      {inbox.hasMore && (
        <Flex justify="center">
          <Button onClick={inbox.loadMore}>{t('notifications.loadMore')}</Button>
        </Flex>
      )}
    </Flex>
  );
}

function InboxList({ inbox }: { inbox: Inbox }) {
  const { t } = useTranslation();
  if (inbox.error) return <Alert type="error">{t('notifications.loadFailed')}</Alert>;
  if (inbox.isLoading) {
    return (
      <Flex justify="center" className="inbox-loading">
        <LiveLoading isFromCache={inbox.isFromCache} />
      </Flex>
    );
  }
  if (inbox.notifications.length === 0) {
    return <Typography.Paragraph type="secondary">{t('notifications.empty')}</Typography.Paragraph>;
  }
  return (
    <ul aria-label={t('notifications.listLabel')} className="inbox-list">
      {inbox.notifications.map((notification) => (
        <li key={notification.id}>
          <InboxEntry notification={notification} />
        </li>
      ))}
    </ul>
  );
}

type InboxEntryProps = { notification: InboxNotification };

function InboxEntry({ notification }: InboxEntryProps) {
  const { t, i18n } = useTranslation();
  const isUnread = !notification.isRead;
  const open = () => {
    if (!isUnread) return;
    markNotificationsRead([notification.id]).catch((error: unknown) =>
      logger.error('Marking a notification read failed', error),
    );
  };
  return (
    <Link
      to={
        notification.safetyReportId
          ? `/safety/${encodeURIComponent(notification.safetyReportId)}`
          : `/ticket/${encodeURIComponent(notification.ticketId)}`
      }
      onClick={open}
      className={`inbox-entry${isUnread ? ' is-unread' : ''}`}
      data-read={isUnread ? 'false' : 'true'}
    >
      {isUnread && <span className="inbox-entry-dot" aria-hidden />}
      <span className="inbox-entry-body">
        <span className="inbox-entry-text">
          {isUnread && <span className="inbox-visually-hidden">{t('notifications.unread')}: </span>}
          {notificationText(t, notification)}
        </span>
        <span className="inbox-entry-time">{formatMoment(notification.createdAt, i18n.language)}</span>
      </span>
    </Link>
  );
}
