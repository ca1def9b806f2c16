import { describe, expect, it } from 'vitest';
import { DRAFTS_DB_NAME, draftId } from '../drafts/draft-store';
import { memoryKeyValueStore } from './key-value-store';
import type { SealingKeys } from './device-key';
import { open, recordPlace, seal, sealedStore, storedId } from './sealed-store';

const newKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]) as Promise<CryptoKey>;

/** Sealing keys that are always `key` (the account key). */
const fixedKeys = (key: CryptoKey, uid = 'u-worker'): SealingKeys => ({
  owner: () => uid,
  forSealing: () => Promise.resolve({ id: 'account', key }),
  forOpening: () => Promise.resolve(key),
});

const record = () => ({
  uid: 'u-worker',
  values: { description: 'Sick leave, certificate attached', days: 3 },
  files: [
    {
      name: 'note.pdf',
      blob: new File(['%PDF-1.4 note'], 'note.pdf', { type: 'application/pdf', lastModified: 5 }),
    },
  ],
});

describe('seal and open', () => {
  it('gives back the record with its files, and nothing of it is readable as stored', async () => {
    const key = await newKey();
    const sealed = await seal(key, record());
    const asText =
      new TextDecoder().decode(sealed.record.data) +
      sealed.blobs.map((box) => new TextDecoder().decode(box.data)).join('');
    expect(asText).not.toContain('Sick leave');
    expect(asText).not.toContain('note.pdf');
    expect(asText).not.toContain('%PDF');

    const opened = (await open(key, sealed)) as ReturnType<typeof record>;
    expect(opened.values).toEqual({ description: 'Sick leave, certificate attached', days: 3 });
    const file = opened.files[0]?.blob as File;
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.lastModified]).toEqual(['note.pdf', 'application/pdf', 5]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(file);
    });
    expect(text).toBe('%PDF-1.4 note');
  });

  it('opens nothing under another key, nor a plain or damaged record', async () => {
    const sealed = await seal(await newKey(), record());
    const other = await newKey();
    expect(await open(other, sealed)).toBeUndefined();
    expect(await open(other, record())).toBeUndefined();
    expect(await open(other, { ...sealed, blobs: 'x' })).toBeUndefined();
  });
});

describe('sealedStore', () => {
  it('seals on the way in, opens on the way out, and reads another key’s records as absent', async () => {
    const inner = memoryKeyValueStore();
    const mine = await newKey();
    const store = sealedStore(inner, fixedKeys(mine), 'test');
    await store.put('a', record());
    const at = await storedId('test', 'a');
    expect([...inner.records.keys()]).toEqual([at]);
    expect(inner.records.get(at)).toMatchObject({ sealed: 2 });
    expect(JSON.stringify(inner.records.get(at))).not.toContain('u-worker');
    expect(await store.get('a')).toMatchObject({ uid: 'u-worker' });
    expect(await store.getAll()).toHaveLength(1);

    const theirs = await newKey();
    const theirStore = sealedStore(inner, fixedKeys(theirs), 'test');
    expect(await theirStore.get('a')).toBeUndefined();
    expect(await theirStore.getAll()).toEqual([]);
  });

  it('asks for no key while the store is empty', async () => {
    let asked = 0;
    const refuse = () => {
      asked += 1;
      return Promise.reject(new Error('offline'));
    };
    const store = sealedStore(
      memoryKeyValueStore(),
      { owner: () => 'u-worker', forSealing: refuse, forOpening: refuse },
      'test',
    );
    expect(await store.getAll()).toEqual([]);
    expect(await store.get('nothing')).toBeUndefined();
    expect(asked).toBe(0);
  });

  it('updates one record at a time: put, keep or delete', async () => {
    const key = await newKey();
    const store = sealedStore(memoryKeyValueStore(), fixedKeys(key), 'test');
    await store.put('a', { status: 'waiting' });
    const seen: unknown[] = [];
    await Promise.all([
      store.update('a', (current) => {
        seen.push(current);
        return { status: 'sending' };
      }),
      store.update('a', (current) => {
        seen.push(current);
        return (current as { status: string }).status === 'sending' ? undefined : null;
      }),
    ]);
    // The second change saw the first one's result, not the record both started from.
    expect(seen).toEqual([{ status: 'waiting' }, { status: 'sending' }]);
    expect(await store.get('a')).toEqual({ status: 'sending' });
    await store.update('a', () => null);
    expect(await store.get('a')).toBeUndefined();
  });

  it('seals with the phone key while the account key cannot be had, and opens each record with its own key', async () => {
    const account = await newKey();
    const phone = await newKey();
    let hasAccountKey = false;
    const keys: SealingKeys = {
      owner: () => 'u-worker',
      forSealing: () =>
        Promise.resolve(hasAccountKey ? { id: 'account', key: account } : { id: 'phone', key: phone }),
      forOpening: (id) => Promise.resolve(id === 'phone' ? phone : account),
    };
    const inner = memoryKeyValueStore();
    const store = sealedStore(inner, keys, 'test');
    const [a, b] = await Promise.all([storedId('test', 'a'), storedId('test', 'b')]);
    await store.put('a', { n: 1 });
    expect(inner.records.get(a)).toMatchObject({ keyId: 'phone' });
    hasAccountKey = true;
    await store.put('b', { n: 2 });
    expect(inner.records.get(b)).toMatchObject({ keyId: 'account' });
    expect(await store.getAll()).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    expect(await store.getAll()).toHaveLength(2);
    // The next write of the first record seals it under the account key.
    await store.update('a', () => ({ n: 3 }));
    expect(inner.records.get(a)).toMatchObject({ keyId: 'account' });
  });

  it('opens no record copied under another id, into another store or to another account', async () => {
    const key = await newKey();
    const inner = memoryKeyValueStore();
    const store = sealedStore(inner, fixedKeys(key), 'test');
    await store.put('a', { n: 1 });
    const sealed = inner.records.get(await storedId('test', 'a'));

    // Copied under the id of another record of the same store and account.
    inner.records.set(await storedId('test', 'b'), sealed);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.getAll()).toEqual([{ n: 1 }]);

    // Read by another store, or by another account holding the same key.
    const otherStore = sealedStore(inner, fixedKeys(key), 'other');
    inner.records.set(await storedId('other', 'a'), sealed);
    expect(await otherStore.get('a')).toBeUndefined();
    expect(await sealedStore(inner, fixedKeys(key, 'u-other'), 'test').get('a')).toBeUndefined();

    // Opened directly, it needs its own place.
    const at = await storedId('test', 'a');
    expect(await open(key, sealed)).toBeUndefined();
    expect(await open(key, sealed, recordPlace('u-worker', 'test', at))).toEqual({ n: 1 });
  });

  it('keeps the account and kind of a draft out of its stored id', async () => {
    const inner = memoryKeyValueStore();
    const store = sealedStore(inner, fixedKeys(await newKey()), DRAFTS_DB_NAME);
    await store.put(draftId('u-worker', 'car', 'damage'), { description: 'Scratch' });
    const [id] = [...inner.records.keys()];
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain('u-worker');
    expect(id).not.toContain('car');
    expect(await store.get(draftId('u-worker', 'car', 'damage'))).toEqual({ description: 'Scratch' });
  });

  it('still reads a record of the earlier version (no bound place, plain id) and re-seals it at the next write', async () => {
    const key = await newKey();
    const inner = memoryKeyValueStore();
    inner.records.set('a', await seal(key, { n: 1 }));
    const store = sealedStore(inner, fixedKeys(key), 'test');
    expect(await store.get('a')).toEqual({ n: 1 });
    expect(await store.getAll()).toEqual([{ n: 1 }]);
    await store.update('a', () => ({ n: 2 }));
    expect([...inner.records.keys()]).toEqual([await storedId('test', 'a')]);
    expect(await store.get('a')).toEqual({ n: 2 });
  });
});
