import { describe, expect, it } from 'vitest';
import { memoryDraftStore } from '../../lib/drafts/draft-store';
import { memoryKeyValueStore } from '../../lib/idb/key-value-store';
import { markOutboxEntrySending, removeOutboxEntry } from './outbox-store';
import { outboxEntry, UID } from './testing/outbox-fixtures';
import { editOutboxEntry } from './use-outbox';

describe('editOutboxEntry', () => {
  it('keeps a refused entry when the device has no place for its draft, so nothing written is lost', async () => {
    const entry = outboxEntry({ status: 'refused', refusal: { key: 'tickets.presalary.periodTaken' } });
    const store = memoryKeyValueStore(new Map([[entry.id, entry]]));
    await expect(editOutboxEntry(store, null, entry)).rejects.toThrow();
    expect(store.records.get(entry.id)).toEqual(entry);
  });

  it('moves a refused entry into its form’s draft and then removes it', async () => {
    const entry = outboxEntry({ status: 'refused', refusal: { key: 'tickets.presalary.periodTaken' } });
    const store = memoryKeyValueStore(new Map([[entry.id, entry]]));
    const drafts = memoryDraftStore();
    expect(await editOutboxEntry(store, drafts, entry)).toBe('/new-ticket/car/damage');
    expect(store.records.size).toBe(0);
    expect(drafts.records.get(`${UID}/car/damage`)).toMatchObject({
      uid: UID,
      values: { description: entry.submission.description },
    });
  });
});

describe('cancelling against sending', () => {
  it('lets exactly one of them win: a cancelled entry is not marked for sending, a marked one is not cancelled', async () => {
    const waiting = outboxEntry();
    const store = memoryKeyValueStore(new Map([[waiting.id, waiting]]));
    expect(await removeOutboxEntry(store, UID, waiting.id)).toBe(true);
    expect(await markOutboxEntrySending(store, UID, waiting.id)).toBeNull();

    await store.put(waiting.id, waiting);
    expect(await markOutboxEntrySending(store, UID, waiting.id)).toMatchObject({ status: 'sending' });
    expect(await removeOutboxEntry(store, UID, waiting.id)).toBe(false);
    expect(store.records.get(waiting.id)).toMatchObject({ status: 'sending' });
  });
});
