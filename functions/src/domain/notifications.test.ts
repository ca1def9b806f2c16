import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MARK_READ_MAX_IDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_RETENTION_DAYS,
  notificationExpiry,
  markNotificationsReadSchema,
  notificationKey,
} from './notifications.js';

describe('markNotificationsReadSchema', () => {
  it.each<[string, unknown]>([
    ['some ids', { ids: ['n1', 'n2'] }],
    ['all', { all: true }],
    ['the most ids one call takes', { ids: Array.from({ length: MARK_READ_MAX_IDS }, (_, i) => `n${i}`) }],
  ])('accepts %s', (_, request) => {
    expect(markNotificationsReadSchema.safeParse(request).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['nothing', {}],
    ['no ids', { ids: [] }],
    ['an empty id', { ids: [' '] }],
    ['an id that is a path', { ids: ['n1/../n2'] }],
    ['an id of another collection', { ids: ['../tickets/t1'] }],
    ['the id ..', { ids: ['..'] }],
    ['too many ids', { ids: Array.from({ length: MARK_READ_MAX_IDS + 1 }, (_, i) => `n${i}`) }],
    ['all: false', { all: false }],
    ['ids and all together', { ids: ['n1'], all: true }],
    ['someone else named', { all: true, recipient: 'u-other' }],
  ])('refuses %s', (_, request) => {
    expect(markNotificationsReadSchema.safeParse(request).success).toBe(false);
  });
});

describe('notificationKey', () => {
  it('gives every kind its own key under notifications.kinds', () => {
    expect(NOTIFICATION_KINDS.map(notificationKey)).toEqual([
      'notifications.kinds.statusChanged',
      'notifications.kinds.updateAdded',
      'notifications.kinds.assigned',
      'notifications.kinds.assignedToYou',
      'notifications.kinds.itemConfirmed',
      'notifications.kinds.ratedDown',
      'notifications.kinds.ticketOverdue',
      'notifications.kinds.safetyReported',
      'notifications.kinds.safetyAcknowledged',
      'notifications.kinds.safetyUpdated',
      'notifications.kinds.safetyMadeSafe',
      'notifications.kinds.safetyClosed',
    ]);
  });
});

describe('notification retention', () => {
  it('expires a notification a year after it was made, and a TTL policy deletes it then', () => {
    expect(NOTIFICATION_RETENTION_DAYS).toBe(365);
    expect(notificationExpiry(new Date('2026-11-25T10:00:00Z'))).toEqual(new Date('2027-11-25T10:00:00Z'));
    const indexes = JSON.parse(
      readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8'),
    ) as { fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[] };
    expect(indexes.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: 'notifications', fieldPath: 'expireAt', ttl: true }),
    );
  });
});
