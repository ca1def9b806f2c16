import { NOTIFICATION_KINDS, notificationKey } from '@domain';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import type { InboxNotification } from './api';
import { notificationText } from './notification-text';

const VALUES: Record<(typeof NOTIFICATION_KINDS)[number], Record<string, string>> = {
  statusChanged: { number: 'T-0007', status: 'paid' },
  updateAdded: { number: 'T-0007', by: 'Marek' },
  assigned: { number: 'T-0007', name: 'Marek' },
  assignedToYou: { number: 'T-0007', by: 'Marek' },
  itemConfirmed: { number: 'T-0007', item: 'Gloves' },
  ratedDown: { number: 'T-0007', by: 'Marek' },
  ticketOverdue: { number: 'T-0007', dueDay: '2026-11-27' },
  safetyReported: { hazard: 'scaffold', urgency: 'lifeThreatening', site: 'Kiruna Mine' },
  safetyAcknowledged: { by: 'Marek' },
  safetyUpdated: { by: 'Marek' },
  safetyMadeSafe: { by: 'Marek' },
  safetyClosed: { by: 'Marek' },
};

/** A value each kind's text must show. */
const SHOWN = (kind: (typeof NOTIFICATION_KINDS)[number]) =>
  kind === 'safetyReported' ? 'Kiruna Mine' : kind.startsWith('safety') ? 'Marek' : 'T-0007';

const of = (kind: (typeof NOTIFICATION_KINDS)[number]): InboxNotification => ({
  id: 'n1',
  ticketId: 't1',
  ticketNumber: 'T-0007',
  safetyReportId: '',
  kind,
  key: notificationKey(kind),
  values: VALUES[kind],
  createdAt: null,
  isRead: false,
});

describe('notificationText', () => {
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it.each(['pl', 'en', 'ru'] as const)(
    'has a text for every kind in %s, with every value in it',
    async (language) => {
      await changeLanguage(language);
      for (const kind of NOTIFICATION_KINDS) {
        const text = notificationText(i18n.t, of(kind));
        expect(text, kind).toContain(SHOWN(kind));
        expect(text, kind).not.toContain('{{');
        expect(text, kind).not.toContain('notifications.');
        expect(text, kind).not.toContain('safety.');
      }
    },
  );

  it('translates the status value too', async () => {
    await changeLanguage('en');
    expect(notificationText(i18n.t, of('statusChanged'))).toBe(
      'Ticket T-0007: the status is now Paid. Did this solve it?',
    );
  });

  it('asks “Did this solve it?” only once the ticket was answered (resolved, paid, sent)', async () => {
    await changeLanguage('pl');
    const inProgress = { ...of('statusChanged'), values: { number: 'T-0007', status: 'inProgress' } };
    expect(notificationText(i18n.t, inProgress)).toBe('Zgłoszenie T-0007: nowy status — W realizacji');
    const resolved = { ...of('statusChanged'), values: { number: 'T-0007', status: 'resolved' } };
    expect(notificationText(i18n.t, resolved)).toMatch(/\. Czy to rozwiązało sprawę\?$/);
  });

  it('translates what a safety report is about and how urgent it is', async () => {
    await changeLanguage('en');
    expect(notificationText(i18n.t, of('safetyReported'))).toBe(
      'Safety report at Kiruna Mine: Scaffold (Immediate danger to life)',
    );
    await changeLanguage('ru');
    expect(notificationText(i18n.t, of('safetyReported'))).toBe(
      'Сообщение об опасности на объекте Kiruna Mine: Леса (Прямая угроза жизни)',
    );
  });
});
