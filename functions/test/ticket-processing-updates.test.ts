import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateIdFor } from '../src/callable/tickets/add-ticket-update.js';
import { ticketFilesFolder, ticketUpdateFilesFolder } from '../src/domain/index.js';
import { fieldsOf, httpsErrorOf, newRequestId } from '../testing/helpers.js';
import {
  type Account,
  account,
  anonymous,
  clock,
  entriesOf,
  expectEntries,
  fieldChange,
  handlers,
  requestAs,
  seedTicket,
  storage,
  ticketData,
  updatesOf,
} from '../testing/ticket-processing-fixtures.js';

const MB = 1024 * 1024;

const addUpdate = async (user: Account, data: Record<string, unknown>) =>
  handlers.addUpdate(await requestAs(user, data));

/** A file the client says it uploaded to `folder`, and what Storage "really" holds there. */
function uploaded(folder: string, name: string, real = { size: 20_480, contentType: 'image/jpeg' }) {
  const file = { name, size: 100, contentType: 'image/jpeg', path: `${folder}${name}` };
  storage.objects[file.path] = real;
  return file;
}

let foreman: Account;
let worker: Account;
let otherWorker: Account;

beforeAll(async () => {
  [foreman, worker, otherWorker] = await Promise.all([account('foreman'), account('user'), account('user')]);
});

beforeEach(() => {
  storage.asked.length = 0;
});

describe('addTicketUpdate by staff', () => {
  it('writes the update with what Storage reports, lastUpdate and one activity entry', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'inProgress' });
    const folder = ticketUpdateFilesFolder(worker.uid, ticketId);
    const photo = uploaded(folder, 'mould.jpg', { size: 204_800, contentType: 'image/jpeg' });
    const invoice = uploaded(folder, 'invoice.pdf', { size: 51_200, contentType: 'application/pdf' });
    const text = `The landlord will send a painter on Monday. ${'Please keep the window open until then. '.repeat(2)}`;
    const requestId = newRequestId();
    const at = clock.tick();

    const result = await addUpdate(foreman, { requestId, ticketId, text, attachments: [photo, invoice] });
    const updateId = updateIdFor(foreman.uid, requestId);
    expect(result).toEqual({ ticketId, updateId, isDuplicate: false });
    expect(storage.asked).toEqual([photo.path, invoice.path]);
    expect(await updatesOf(ticketId)).toEqual({
      [updateId]: {
        text: text.trim(),
        by: { uid: foreman.uid, name: foreman.name },
        at,
        attachments: [
          { name: 'mould.jpg', path: photo.path, size: 204_800, contentType: 'image/jpeg' },
          { name: 'invoice.pdf', path: invoice.path, size: 51_200, contentType: 'application/pdf' },
        ],
      },
    });
    expect(await ticketData(ticketId)).toMatchObject({ lastUpdate: at, status: 'inProgress' });
    await expectEntries(ticketId, [fieldChange(foreman, at, 'update', null, text.slice(0, 80))]);
  });

  it('answers a retry with the same requestId with the first update and writes nothing more', async () => {
    const ticketId = await seedTicket(worker);
    const payload = { requestId: newRequestId(), ticketId, text: 'Ordered from the supplier.' };
    const first = await addUpdate(foreman, payload);
    const retry = await addUpdate(foreman, { ...payload, text: 'A changed text' });
    expect(retry).toEqual({ ...first, isDuplicate: true });
    const updates = await updatesOf(ticketId);
    expect(Object.values(updates).map((update) => update.text)).toEqual(['Ordered from the supplier.']);
    expect(await entriesOf(ticketId)).toHaveLength(1);
  });

  it('adds updates to a closed ticket', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved' });
    await addUpdate(foreman, { requestId: newRequestId(), ticketId, text: 'Painter came on Monday.' });
    expect(Object.keys(await updatesOf(ticketId))).toHaveLength(1);
  });

  it("refuses files outside the ticket's update folder", async () => {
    const ticketId = await seedTicket(worker);
    const elsewhere = [
      uploaded(ticketUpdateFilesFolder(worker.uid, 'another-ticket'), 'a.jpg'),
      uploaded(ticketUpdateFilesFolder(foreman.uid, ticketId), 'b.jpg'),
      uploaded(`${ticketUpdateFilesFolder(worker.uid, ticketId)}nested/`, 'c.jpg'),
      uploaded(ticketFilesFolder(worker.uid, ticketId), 'd.jpg'),
    ];
    const error = await httpsErrorOf(
      addUpdate(foreman, { requestId: newRequestId(), ticketId, text: 'Files', attachments: elsewhere }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({
      'attachments.0.path': 'validation.filePath',
      'attachments.1.path': 'validation.filePath',
      'attachments.2.path': 'validation.filePath',
      'attachments.3.path': 'validation.filePath',
    });
    expect(storage.asked).toEqual([]);
    expect(await updatesOf(ticketId)).toEqual({});
  });

  it('refuses files Storage does not have, or holds over 5 MB or of another type', async () => {
    const ticketId = await seedTicket(worker);
    const folder = ticketUpdateFilesFolder(worker.uid, ticketId);
    const missing = { name: 'gone.jpg', size: 100, contentType: 'image/jpeg', path: `${folder}gone.jpg` };
    const missingError = await httpsErrorOf(
      addUpdate(foreman, { requestId: newRequestId(), ticketId, text: 'Files', attachments: [missing] }),
    );
    expect(missingError.code).toBe('failed-precondition');
    expect(missingError.message).toBe('tickets.processing.errors.fileMissing');
    expect(missingError.details).toEqual({ paths: [missing.path] });

    const large = uploaded(folder, 'large.jpg', { size: 5 * MB + 1, contentType: 'image/jpeg' });
    const script = uploaded(folder, 'run.jpg', { size: 100, contentType: 'text/html' });
    const limitsError = await httpsErrorOf(
      addUpdate(foreman, {
        requestId: newRequestId(),
        ticketId,
        text: 'Files',
        attachments: [large, script],
      }),
    );
    expect(limitsError.code).toBe('invalid-argument');
    expect(fieldsOf(limitsError)).toEqual({
      'attachments.0.size': 'validation.fileTooLarge',
      'attachments.1.contentType': 'validation.fileType',
    });
    expect(await updatesOf(ticketId)).toEqual({});
    expect(await entriesOf(ticketId)).toEqual([]);
  });

  it('refuses an archived ticket', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', {
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
    });
    const error = await httpsErrorOf(
      addUpdate(foreman, { requestId: newRequestId(), ticketId, text: 'Hello' }),
    );
    expect([error.code, error.message]).toEqual([
      'failed-precondition',
      'tickets.processing.errors.archived',
    ]);
  });
});

describe("addTicketUpdate by the ticket's owner", () => {
  it('adds an update to their own open ticket, with files from their ticket folder', async () => {
    const ticketId = await seedTicket(worker);
    const photo = uploaded(ticketFilesFolder(worker.uid, ticketId), 'leak.png', {
      size: 1234,
      contentType: 'image/png',
    });
    const requestId = newRequestId();
    const at = clock.tick();
    const result = await addUpdate(worker, {
      requestId,
      ticketId,
      text: 'It is leaking again.',
      attachments: [photo],
    });
    expect(result.isDuplicate).toBe(false);
    expect(await updatesOf(ticketId)).toEqual({
      [updateIdFor(worker.uid, requestId)]: {
        text: 'It is leaking again.',
        by: { uid: worker.uid, name: worker.name },
        at,
        attachments: [{ name: 'leak.png', path: photo.path, size: 1234, contentType: 'image/png' }],
      },
    });
    await expectEntries(ticketId, [fieldChange(worker, at, 'update', null, 'It is leaking again.')]);
  });

  it('may not use the staff update folder (storage.rules do not let them upload there)', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'inProgress' });
    const file = uploaded(ticketUpdateFilesFolder(worker.uid, ticketId), 'x.jpg');
    const error = await httpsErrorOf(
      addUpdate(worker, { requestId: newRequestId(), ticketId, text: 'Files', attachments: [file] }),
    );
    expect(fieldsOf(error)).toEqual({ 'attachments.0.path': 'validation.filePath' });
  });

  it('refuses their closed or archived ticket', async () => {
    for (const status of ['resolved', 'rejected', 'paid', 'sent', 'noted', 'other']) {
      const ticketId = await seedTicket(worker, 'accommodation', { status });
      const error = await httpsErrorOf(
        addUpdate(worker, { requestId: newRequestId(), ticketId, text: 'Hello?' }),
      );
      expect([error.code, error.message], status).toEqual([
        'failed-precondition',
        'tickets.processing.errors.ticketClosed',
      ]);
      expect(await updatesOf(ticketId)).toEqual({});
    }
    const archived = await seedTicket(worker, 'accommodation', {
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
    });
    const error = await httpsErrorOf(
      addUpdate(worker, { requestId: newRequestId(), ticketId: archived, text: 'Hi' }),
    );
    expect(error.message).toBe('tickets.processing.errors.archived');
  });

  it("refuses someone else's ticket", async () => {
    const ticketId = await seedTicket(otherWorker);
    const error = await httpsErrorOf(addUpdate(worker, { requestId: newRequestId(), ticketId, text: 'Hi' }));
    expect([error.code, error.message]).toEqual(['permission-denied', 'tickets.processing.errors.forbidden']);
    expect(await updatesOf(ticketId)).toEqual({});
    expect(await entriesOf(ticketId)).toEqual([]);
  });
});

describe('addTicketUpdate by staff on their own ticket', () => {
  it('writes as the owner: files only from the ticket folder, not from the staff folder', async () => {
    const ticketId = await seedTicket(foreman, 'clothes', { status: 'inProgress' });
    const staffFile = uploaded(ticketUpdateFilesFolder(foreman.uid, ticketId), 'answer.jpg');
    const error = await httpsErrorOf(
      addUpdate(foreman, { requestId: newRequestId(), ticketId, text: 'Done', attachments: [staffFile] }),
    );
    expect(fieldsOf(error)).toEqual({ 'attachments.0.path': 'validation.filePath' });
    expect(await updatesOf(ticketId)).toEqual({});

    const ownFile = uploaded(ticketFilesFolder(foreman.uid, ticketId), 'size.jpg');
    const result = await addUpdate(foreman, {
      requestId: newRequestId(),
      ticketId,
      text: 'Size L, please',
      attachments: [ownFile],
    });
    expect(result.isDuplicate).toBe(false);
  });

  it('refuses an update once the ticket is closed, as for any owner', async () => {
    for (const status of ['resolved', 'rejected', 'sent']) {
      const ticketId = await seedTicket(foreman, 'clothes', { status });
      const error = await httpsErrorOf(
        addUpdate(foreman, { requestId: newRequestId(), ticketId, text: 'Ok' }),
      );
      expect([error.code, error.message], status).toEqual([
        'failed-precondition',
        'tickets.processing.errors.ticketClosed',
      ]);
      expect(await updatesOf(ticketId)).toEqual({});
    }
  });
});

describe('addTicketUpdate refusals', () => {
  it('refuses a caller who is not signed in and an unknown ticket', async () => {
    const ticketId = await seedTicket(worker);
    const anon = await httpsErrorOf(
      handlers.addUpdate(anonymous({ requestId: newRequestId(), ticketId, text: 'Hi' })),
    );
    expect(anon.code).toBe('unauthenticated');
    const missing = await httpsErrorOf(
      addUpdate(foreman, { requestId: newRequestId(), ticketId: 'tp-unknown', text: 'Hi' }),
    );
    expect([missing.code, missing.message]).toEqual(['not-found', 'tickets.processing.errors.notFound']);
  });

  it.each([
    ['no text', { text: '  ' }, { text: 'validation.required' }],
    ['text over 2000 characters', { text: 'x'.repeat(2001) }, { text: 'validation.maxChars:2000' }],
    ['no requestId', { requestId: undefined, text: 'Hi' }, { requestId: 'validation.requestId' }],
    [
      'six files',
      {
        text: 'Hi',
        attachments: [1, 2, 3, 4, 5, 6].map((n) => ({
          name: `${n}.jpg`,
          size: 1,
          contentType: 'image/jpeg',
          path: `ticket-updates/u/t/${n}.jpg`,
        })),
      },
      { attachments: 'validation.maxFiles' },
    ],
  ])('refuses a payload with %s', async (_name, data, fields) => {
    const error = await httpsErrorOf(
      addUpdate(foreman, { requestId: newRequestId(), ticketId: 'tp-x', ...data }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual(fields);
  });
});

describe('concurrent processing', () => {
  it('keeps every activity entry of five parallel updates and five parallel confirmations', async () => {
    const ticketId = await seedTicket(worker, 'clothes', { status: 'inProgress' });
    const at = clock.tick();
    const texts = [1, 2, 3, 4, 5].map((n) => `Parallel update ${n}`);
    const results = await Promise.all([
      ...texts.map((text) => addUpdate(foreman, { requestId: newRequestId(), ticketId, text })),
      ...[0, 1, 2, 3, 4].map(async (index) =>
        handlers.confirmItem(await requestAs(foreman, { ticketId, index, confirmed: true })),
      ),
    ]);
    expect(results).toHaveLength(10);

    const entries = await entriesOf(ticketId);
    expect(entries).toHaveLength(10);
    const changes = entries.map((entry) => entry.change as { field: string; to: unknown });
    expect(
      changes
        .filter((c) => c.field === 'update')
        .map((c) => c.to)
        .sort(),
    ).toEqual(texts);
    expect(
      changes
        .filter((c) => c.field.startsWith('items.'))
        .map((c) => c.field)
        .sort(),
    ).toEqual([
      'items.Beanie',
      'items.Buff',
      'items.Long-sleeve shirt, size L',
      'items.Winter jacket, size L',
      'items.Winter work trousers, size 52',
    ]);
    expect(entries.every((entry) => (entry.at as typeof at).isEqual(at))).toBe(true);
    const updates = await updatesOf(ticketId);
    expect(
      Object.values(updates)
        .map((update) => update.text)
        .sort(),
    ).toEqual(texts);
  });

  it('writes one update for five parallel calls with the same requestId', async () => {
    const ticketId = await seedTicket(worker);
    const payload = { requestId: newRequestId(), ticketId, text: 'Sent twice by a shaky network' };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => addUpdate(foreman, payload)));
    expect(new Set(results.map((result) => result.updateId)).size).toBe(1);
    expect(results.filter((result) => !result.isDuplicate)).toHaveLength(1);
    expect(Object.keys(await updatesOf(ticketId))).toHaveLength(1);
    expect(await entriesOf(ticketId)).toHaveLength(1);
  });
});
