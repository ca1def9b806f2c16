import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFTS_DB_NAME, browserDraftStore, deleteAllDrafts, draftId, memoryDraftStore } from './draft-store';

describe('draft store', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keys a draft by account, category and subcategory', () => {
    expect(draftId('u-worker', 'car', 'damage')).toBe('u-worker/car/damage');
    expect(draftId('u-worker', 'car', 'damage')).not.toBe(draftId('u-other', 'car', 'damage'));
    expect(draftId('u-worker', 'car', 'damage')).not.toBe(draftId('u-worker', 'car', 'fine'));
  });

  it('keeps, reads and deletes records in memory', async () => {
    const store = memoryDraftStore();
    await store.put('a', { text: 1 });
    expect(await store.get('a')).toEqual({ text: 1 });
    expect(await store.get('b')).toBeUndefined();
    await store.delete('a');
    expect(store.records.size).toBe(0);
  });

  it('is off where the browser has no IndexedDB', () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(browserDraftStore()).toBeNull();
    expect(() => deleteAllDrafts()).not.toThrow();
  });

  it('deletes the whole drafts database, every account’s drafts at once', () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    deleteAllDrafts();
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFTS_DB_NAME);
  });
});
