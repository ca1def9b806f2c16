import type { StoredAttachment, TicketSubmission } from '@domain';
import type { SubmitTicketResponse } from '@domain/callables';
import { describe, expect, it, vi } from 'vitest';
import { memoryKeyValueStore } from '../../lib/idb/key-value-store';
import type { OutboxEntry } from './outbox-entry';
import type { OutboxStore } from './outbox-store';
import { type OutboxSendDeps, sendOutboxRound } from './send-outbox';
import { UID, outboxEntry, outboxFile, photo } from './testing/outbox-fixtures';

const failure = (code: string, message = '') => Object.assign(new Error(message), { code });
/** What the Functions SDK throws when the call got no answer (a failed fetch). */
const noAnswer = () => failure('functions/internal', 'internal');

/**
 * The server as the outbox meets it: submitTicket is idempotent per request id (a second call
 * returns the same ticket), numbers run T-0001, T-0002, …; `failNext` makes the next call fail,
 * either before reaching the server or after it created the ticket (the answer lost on the way).
 */
function fakeServer() {
  const tickets = new Map<string, { ticketId: string; number: string }>();
  const planned: { error: unknown; isAfterCreating: boolean }[] = [];
  const submit = vi.fn((submission: TicketSubmission): Promise<SubmitTicketResponse> => {
    const plan = planned.shift();
    if (plan && !plan.isAfterCreating) return Promise.reject(plan.error);
    let ticket = tickets.get(submission.requestId);
    const isDuplicate = ticket !== undefined;
    if (!ticket) {
      const count = tickets.size + 1;
      ticket = { ticketId: `t-${count}`, number: `T-${String(count).padStart(4, '0')}` };
      tickets.set(submission.requestId, ticket);
    }
    if (plan) return Promise.reject(plan.error);
    return Promise.resolve({ ...ticket, isDuplicate });
  });
  return {
    tickets,
    submit,
    failNext: (error: unknown, isAfterCreating = false) => planned.push({ error, isAfterCreating }),
  };
}

const storedAs = (uid: string, ticketId: string, file: File): StoredAttachment => ({
  name: file.name,
  size: file.size,
  contentType: file.type,
  path: `tickets/${uid}/${ticketId}/${file.name}`,
});

function setup(entries: OutboxEntry[], options: { isOnline?: boolean; store?: OutboxStore } = {}) {
  const store = memoryKeyValueStore(new Map(entries.map((entry) => [entry.id, entry])));
  const server = fakeServer();
  const upload = vi.fn((uid: string, ticketId: string, file: File) =>
    Promise.resolve(storedAs(uid, ticketId, file)),
  );
  const attach = vi.fn((_ticketId: string, files: StoredAttachment[]) =>
    Promise.resolve({ attachments: files }),
  );
  const deps: OutboxSendDeps = {
    store: options.store ?? store,
    submit: server.submit,
    upload,
    attach,
    isOnline: () => options.isOnline ?? true,
  };
  const entry = (id: string) => store.records.get(id) as OutboxEntry | undefined;
  return { store, server, upload, attach, deps, entry, round: () => sendOutboxRound(UID, deps) };
}

describe('sendOutboxRound', () => {
  it('sends the oldest entry first, deletes what was sent and reports the numbers', async () => {
    // The keys sort the other way round, so the order must come from the queue time.
    const { server, store, round } = setup([
      outboxEntry({ id: 'req-a', queuedAt: 2000 }),
      outboxEntry({ id: 'req-b', queuedAt: 1000 }),
    ]);

    const report = await round();

    expect(server.submit.mock.calls.map(([submission]) => submission.requestId)).toEqual(['req-b', 'req-a']);
    expect(report).toEqual({
      sent: [
        { ticketId: 't-1', number: 'T-0001' },
        { ticketId: 't-2', number: 'T-0002' },
      ],
      refused: [],
      isWaiting: false,
    });
    expect(store.records.size).toBe(0);
  });

  it('sends the submission as it was queued, with its own request id', async () => {
    const queued = outboxEntry({ id: 'req-a' });
    const { server, round } = setup([queued]);

    await round();

    expect(server.submit).toHaveBeenCalledWith(queued.submission);
  });

  it('creates the ticket exactly once when the answer to the first call was lost', async () => {
    const { server, entry, round } = setup([outboxEntry({ id: 'req-a' })]);
    server.failNext(noAnswer(), true);

    const first = await round();

    expect(server.tickets.size).toBe(1);
    expect(first).toEqual({ sent: [], refused: [], isWaiting: true });
    expect(entry('req-a')).toMatchObject({ status: 'waiting', attempts: 1 });

    const second = await round();

    expect(second.sent).toEqual([{ ticketId: 't-1', number: 'T-0001' }]);
    expect(server.tickets.size).toBe(1);
    expect(server.submit.mock.calls.map(([submission]) => submission.requestId)).toEqual(['req-a', 'req-a']);
    expect(entry('req-a')).toBeUndefined();
  });

  it('marks an entry the server refuses with the reason and goes on to the next one', async () => {
    const { server, entry, round } = setup([
      outboxEntry({ id: 'req-a', queuedAt: 1000 }),
      outboxEntry({ id: 'req-b', queuedAt: 2000 }),
    ]);
    server.failNext(failure('functions/failed-precondition', 'tickets.presalary.periodTaken'));

    const report = await round();

    expect(entry('req-a')).toMatchObject({
      status: 'refused',
      refusal: { key: 'tickets.presalary.periodTaken' },
    });
    expect(report.refused).toEqual([entry('req-a')]);
    expect(report.sent).toEqual([{ ticketId: 't-1', number: 'T-0001' }]);
    expect(report.isWaiting).toBe(false);
    expect(entry('req-b')).toBeUndefined();
  });

  it('stops at a connection failure, leaving the entry waiting and the later ones untouched', async () => {
    const later = outboxEntry({ id: 'req-b', queuedAt: 2000 });
    const { server, entry, round } = setup([
      outboxEntry({ id: 'req-a', queuedAt: 1000, attempts: 2 }),
      later,
    ]);
    server.failNext(failure('functions/unavailable'));

    const report = await round();

    expect(report).toEqual({ sent: [], refused: [], isWaiting: true });
    expect(server.submit).toHaveBeenCalledTimes(1);
    expect(entry('req-a')).toMatchObject({ status: 'waiting', attempts: 3 });
    expect(entry('req-a')?.ticket).toBeUndefined();
    expect(entry('req-b')).toEqual(later);
  });

  it('sends nothing while the device is offline', async () => {
    const waiting = outboxEntry({ id: 'req-a' });
    const { server, entry, round } = setup([waiting], { isOnline: false });

    const report = await round();

    expect(server.submit).not.toHaveBeenCalled();
    expect(report).toEqual({ sent: [], refused: [], isWaiting: true });
    expect(entry('req-a')).toEqual(waiting);
  });

  it('sends the files and records them on the ticket', async () => {
    const files = [photo('a.jpg'), photo('b.jpg')];
    const { upload, attach, entry, round } = setup([
      outboxEntry({ id: 'req-a', files: files.map(outboxFile) }),
    ]);

    const report = await round();

    expect(report.sent).toEqual([{ ticketId: 't-1', number: 'T-0001' }]);
    expect(upload.mock.calls.map(([uid, ticketId, file]) => [uid, ticketId, file.name])).toEqual([
      [UID, 't-1', 'a.jpg'],
      [UID, 't-1', 'b.jpg'],
    ]);
    expect(attach).toHaveBeenCalledExactlyOnceWith('t-1', [
      storedAs(UID, 't-1', files[0] as File),
      storedAs(UID, 't-1', files[1] as File),
    ]);
    expect(entry('req-a')).toBeUndefined();
  });

  it('keeps an uploaded file when the next upload fails by connection, and uploads only the rest later', async () => {
    const files = [photo('a.jpg'), photo('b.jpg')];
    const { server, upload, attach, entry, round } = setup([
      outboxEntry({ id: 'req-a', files: files.map(outboxFile) }),
    ]);
    upload.mockImplementationOnce((uid, ticketId, file) => Promise.resolve(storedAs(uid, ticketId, file)));
    upload.mockImplementationOnce(() => Promise.reject(failure('storage/retry-limit-exceeded')));

    const first = await round();

    expect(first).toEqual({ sent: [], refused: [], isWaiting: true });
    const kept = entry('req-a');
    expect(kept).toMatchObject({
      status: 'waiting',
      attempts: 1,
      ticket: { ticketId: 't-1', number: 'T-0001' },
    });
    expect(kept?.files[0]?.stored).toEqual(storedAs(UID, 't-1', files[0] as File));
    expect(kept?.files[1]?.stored).toBeUndefined();
    expect(attach).not.toHaveBeenCalled();

    const second = await round();

    expect(second.sent).toEqual([{ ticketId: 't-1', number: 'T-0001' }]);
    expect(upload.mock.calls.map(([, , file]) => file.name)).toEqual(['a.jpg', 'b.jpg', 'b.jpg']);
    expect(attach).toHaveBeenCalledExactlyOnceWith('t-1', [
      storedAs(UID, 't-1', files[0] as File),
      storedAs(UID, 't-1', files[1] as File),
    ]);
    expect(server.submit).toHaveBeenCalledTimes(1);
    expect(server.tickets.size).toBe(1);
    expect(entry('req-a')).toBeUndefined();
  });

  it('marks the entry refused when Storage refuses its files', async () => {
    const { upload, attach, entry, round } = setup([
      outboxEntry({ id: 'req-a', files: [outboxFile(photo('a.jpg'))] }),
    ]);
    upload.mockRejectedValueOnce(failure('storage/unauthorized'));

    const report = await round();

    expect(entry('req-a')).toMatchObject({
      status: 'refused',
      ticket: { ticketId: 't-1', number: 'T-0001' },
      refusal: { key: 'tickets.outbox.filesRefused', values: { number: 'T-0001' } },
    });
    expect(report.refused).toEqual([entry('req-a')]);
    expect(report.sent).toEqual([]);
    expect(attach).not.toHaveBeenCalled();
  });

  it('marks the entry refused when the server refuses to record its files', async () => {
    const { attach, entry, round } = setup([
      outboxEntry({ id: 'req-a', files: [outboxFile(photo('a.jpg'))] }),
    ]);
    attach.mockRejectedValueOnce(failure('functions/invalid-argument', 'Invalid files'));

    const report = await round();

    expect(entry('req-a')).toMatchObject({
      status: 'refused',
      refusal: { key: 'tickets.outbox.filesRefused', values: { number: 'T-0001' } },
    });
    expect(report.refused).toHaveLength(1);
  });

  it('sends an entry left "sending" by a tab that closed', async () => {
    const { server, entry, round } = setup([outboxEntry({ id: 'req-a', status: 'sending' })]);

    const report = await round();

    expect(server.submit).toHaveBeenCalledTimes(1);
    expect(report.sent).toEqual([{ ticketId: 't-1', number: 'T-0001' }]);
    expect(entry('req-a')).toBeUndefined();
  });

  it('skips refused entries: they wait for the worker', async () => {
    const refused = outboxEntry({
      id: 'req-a',
      queuedAt: 1000,
      status: 'refused',
      refusal: { key: 'tickets.errors.forbidden' },
    });
    const { server, entry, round } = setup([refused, outboxEntry({ id: 'req-b', queuedAt: 2000 })]);

    const report = await round();

    expect(server.submit.mock.calls.map(([submission]) => submission.requestId)).toEqual(['req-b']);
    expect(report).toEqual({ sent: [{ ticketId: 't-1', number: 'T-0001' }], refused: [], isWaiting: false });
    expect(entry('req-a')).toEqual(refused);
  });

  it('never sends another account’s entries', async () => {
    const theirs = outboxEntry({ id: 'req-a', uid: 'u-other' });
    const { server, entry, round } = setup([theirs]);

    const report = await round();

    expect(server.submit).not.toHaveBeenCalled();
    expect(report).toEqual({ sent: [], refused: [], isWaiting: false });
    expect(entry('req-a')).toEqual(theirs);
  });

  it('skips an entry the worker cancelled after the list was read', async () => {
    const records = new Map<string, unknown>([['req-a', outboxEntry({ id: 'req-a' })]]);
    const memory = memoryKeyValueStore(records);
    // The worker cancels it just as the round marks it for sending.
    const store: OutboxStore = {
      ...memory,
      update: async (id, change) => {
        await memory.delete(id);
        return memory.update(id, change);
      },
    };
    const { server, round } = setup([], { store });

    const report = await round();

    expect(server.submit).not.toHaveBeenCalled();
    expect(report).toEqual({ sent: [], refused: [], isWaiting: false });
    expect(records.size).toBe(0);
  });
});
