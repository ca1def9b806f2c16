import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from './key-value-store';
import type { SealingKeys } from './device-key';
import { open, seal, sealedStore } from './sealed-store';

const newKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]) as Promise<CryptoKey>;

/** Sealing keys that are always `key` (the account key). */
const fixedKeys = (key: CryptoKey): SealingKeys => ({
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
    expect(inner.records.get('a')).toMatchObject({ sealed: 1 });
    expect(JSON.stringify(inner.records.get('a'))).not.toContain('u-worker');
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
    const store = sealedStore(memoryKeyValueStore(), { forSealing: refuse, forOpening: refuse }, 'test');
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
      forSealing: () =>
        Promise.resolve(hasAccountKey ? { id: 'account', key: account } : { id: 'phone', key: phone }),
      forOpening: (id) => Promise.resolve(id === 'phone' ? phone : account),
    };
    const inner = memoryKeyValueStore();
    const store = sealedStore(inner, keys, 'test');
    await store.put('a', { n: 1 });
    expect(inner.records.get('a')).toMatchObject({ keyId: 'phone' });
    hasAccountKey = true;
    await store.put('b', { n: 2 });
    expect(inner.records.get('b')).toMatchObject({ keyId: 'account' });
    expect(await store.getAll()).toEqual([{ n: 1 }, { n: 2 }]);
    // The next write of the first record seals it under the account key.
    await store.update('a', () => ({ n: 3 }));
    expect(inner.records.get('a')).toMatchObject({ keyId: 'account' });
  });
});
