import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryKeyValueStore } from '../../lib/idb/key-value-store';
import { listOutbox, onOutboxChange, removeOutboxEntry, saveOutboxEntry } from './outbox-store';
import { UID, outboxEntry } from './testing/outbox-fixtures';

const stops: (() => void)[] = [];
/** A listener of outbox changes, stopped after the test. */
function listen() {
  const listener = vi.fn();
  stops.push(onOutboxChange(listener));
  return listener;
}

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
});

describe('listOutbox', () => {
  it('lists only this account’s entries, oldest first, leaving out damaged records', async () => {
    // Keys in an order that is not the queue order, so the order must come from queuedAt.
    const store = memoryKeyValueStore(
      new Map<string, unknown>([
        ['req-a', outboxEntry({ id: 'req-a', queuedAt: 3000 })],
        ['req-b', outboxEntry({ id: 'req-b', queuedAt: 1000 })],
        ['req-c', outboxEntry({ id: 'req-c', queuedAt: 500, uid: 'u-other' })],
        ['req-d', outboxEntry({ id: 'req-d', queuedAt: 2000, status: 'refused' })],
        ['req-e', 'not an entry'],
      ]),
    );

    const entries = await listOutbox(store, UID);

    expect(entries.map((entry) => entry.id)).toEqual(['req-b', 'req-d', 'req-a']);
    expect((await listOutbox(store, 'u-other')).map((entry) => entry.id)).toEqual(['req-c']);
  });

  it('is empty for an empty outbox', async () => {
    expect(await listOutbox(memoryKeyValueStore(), UID)).toEqual([]);
  });
});

describe('saveOutboxEntry', () => {
  it('writes the entry under its request id and announces the change', async () => {
    const store = memoryKeyValueStore();
    const listener = listen();
    const entry = outboxEntry({ id: 'req-7' });

    await saveOutboxEntry(store, entry);

    expect(store.records.get('req-7')).toEqual(entry);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('removeOutboxEntry', () => {
  it('removes a waiting entry and announces it', async () => {
    const store = memoryKeyValueStore(new Map([['req-1', outboxEntry({ id: 'req-1' })]]));
    const listener = listen();

    expect(await removeOutboxEntry(store, UID, 'req-1')).toBe(true);

    expect(store.records.has('req-1')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('removes a refused entry', async () => {
    const refused = outboxEntry({
      id: 'req-1',
      status: 'refused',
      refusal: { key: 'tickets.errors.forbidden' },
    });
    const store = memoryKeyValueStore(new Map([['req-1', refused]]));

    expect(await removeOutboxEntry(store, UID, 'req-1')).toBe(true);
    expect(store.records.size).toBe(0);
  });

  it('refuses to remove an entry a tab is sending right now, and announces nothing', async () => {
    const sending = outboxEntry({ id: 'req-1', status: 'sending' });
    const store = memoryKeyValueStore(new Map([['req-1', sending]]));
    const listener = listen();

    expect(await removeOutboxEntry(store, UID, 'req-1')).toBe(false);

    expect(store.records.get('req-1')).toEqual(sending);
    expect(listener).not.toHaveBeenCalled();
  });

  it('does not remove another account’s entry', async () => {
    const theirs = outboxEntry({ id: 'req-1', uid: 'u-other' });
    const store = memoryKeyValueStore(new Map([['req-1', theirs]]));

    expect(await removeOutboxEntry(store, UID, 'req-1')).toBe(false);
    expect(store.records.get('req-1')).toEqual(theirs);
  });

  it('answers false for an entry that is gone', async () => {
    expect(await removeOutboxEntry(memoryKeyValueStore(), UID, 'req-1')).toBe(false);
  });
});

describe('onOutboxChange', () => {
  it('tells every listener until it is stopped', async () => {
    const store = memoryKeyValueStore();
    const first = vi.fn();
    const second = listen();
    const stopFirst = onOutboxChange(first);

    await saveOutboxEntry(store, outboxEntry({ id: 'req-1' }));
    stopFirst();
    await removeOutboxEntry(store, UID, 'req-1');

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
