import { describe, expect, it } from 'vitest';
import type { OperationCaller } from './decision.js';
import { type StoredNotification, decideMarkNotificationsRead } from './mark-notifications-read.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const at = new Date(NOW);
const worker: OperationCaller = { uid: 'worker-1', email: null, name: 'Wanda', role: 'user' };
const admin: OperationCaller = { uid: 'admin-1', email: null, name: 'Ada', role: 'admin' };

const stored = (id: string, recipient: unknown, read: unknown = false): StoredNotification => ({
  id,
  recipient,
  read,
});
const markedBy = (caller: OperationCaller, notifications: StoredNotification[]) => {
  const decision = decideMarkNotificationsRead({ notifications }, caller, NOW);
  if (decision.isRefused) throw new Error('refused');
  return { marked: decision.result.marked, paths: decision.writes.map((write) => write.path) };
};

describe('decideMarkNotificationsRead', () => {
  it.each<[string, OperationCaller, StoredNotification[], string[]]>([
    ['the caller’s unread ones', worker, [stored('n1', 'worker-1'), stored('n2', 'worker-1')], ['n1', 'n2']],
    ['not someone else’s', worker, [stored('n1', 'worker-1'), stored('n2', 'worker-2')], ['n1']],
    ['not someone else’s for an admin either', admin, [stored('n1', 'worker-1')], []],
    ['not one already read', worker, [stored('n1', 'worker-1', true), stored('n2', 'worker-1')], ['n2']],
    ['none of an odd document without a recipient', worker, [stored('n1', undefined)], []],
    ['nothing when nothing is asked for', worker, [], []],
  ])('marks %s', (_, caller, notifications, ids) => {
    expect(markedBy(caller, notifications)).toEqual({
      marked: ids.length,
      paths: ids.map((id) => `notifications/${id}`),
    });
  });

  it('sets read and readAt, nothing else', () => {
    const decision = decideMarkNotificationsRead({ notifications: [stored('n1', 'worker-1')] }, worker, NOW);
    expect(decision).toEqual({
      isRefused: false,
      result: { marked: 1 },
      writes: [{ type: 'update', path: 'notifications/n1', data: { read: true, readAt: at } }],
      log: [],
      accountChanges: [],
      undo: [],
    });
  });
});
