import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreDirectory } from '../src/directory/firestore-directory.js';
import { adminDb } from '../src/firebase.js';

const run = randomUUID().slice(0, 6);
const id = (n: number) => `dir-${run}-${n}`;

describe('Firestore worker directory', () => {
  const directory = createFirestoreDirectory(adminDb());

  beforeAll(async () => {
    await adminDb()
      .doc(`workers/${id(1)}`)
      .set({ name: `Adam ${run}`, email: `adam-${run}@example.com`, shoesSize: '43' });
    await adminDb()
      .doc(`workers/${id(2)}`)
      .set({ name: `Beata ${run}`, email: `beata-${run}@example.com` });
    await adminDb()
      .doc(`workers/${id(3)}`)
      .set({ name: '', email: 'broken' });
  });

  it('finds a worker by id', async () => {
    expect(await directory.findById(id(1))).toEqual({
      id: id(1),
      name: `Adam ${run}`,
      email: `adam-${run}@example.com`,
      shoesSize: '43',
    });
    expect(await directory.findById(`missing-${run}`)).toBeNull();
    expect(await directory.findById('a/b')).toBeNull();
  });

  it('finds a worker by e-mail, whatever its case and spaces', async () => {
    expect((await directory.findByEmail(` BEATA-${run}@Example.com `))?.id).toBe(id(2));
    expect(await directory.findByEmail(`nobody-${run}@example.com`)).toBeNull();
    expect(await directory.findByEmail('')).toBeNull();
  });

  it('treats a malformed entry as missing', async () => {
    expect(await directory.findById(id(3))).toBeNull();
  });

  it('lists valid workers ordered by name with a page token when more remain', async () => {
    const all = await directory.list({ limit: 500 });
    const ours = all.workers.filter((w) => w.id.startsWith(`dir-${run}`)).map((w) => w.id);
    expect(ours).toEqual([id(1), id(2)]);
    const names = all.workers.map((w) => w.name);
    expect(names).toEqual([...names].sort());
    // A page holds at most `limit` documents; malformed ones are dropped, so it may hold fewer.
    const first = await directory.list({ limit: 1 });
    expect(first.workers.length).toBeLessThanOrEqual(1);
    expect(first.nextPageToken).not.toBeNull();
    const everything = await directory.list({ limit: 500 });
    expect(everything.nextPageToken).toBeNull();
  });

  it('updates the given fields and returns the new profile', async () => {
    const updated = await directory.update(id(2), {
      phone: '+46 70 123 45 67',
      jacketSize: 'L',
      pantsSize: undefined,
    });
    expect(updated).toMatchObject({ id: id(2), phone: '+46 70 123 45 67', jacketSize: 'L' });
    expect(await directory.update(`missing-${run}`, { phone: '1' })).toBeNull();
  });
});
