import type { StoredAttachment } from '@domain';
import type { SubmitSafetyReportResponse } from '@domain/callables';
import { describe, expect, it, vi } from 'vitest';
import { memoryKeyValueStore } from '../../lib/idb/key-value-store';
import type { SubmitSafetyReportRequest } from '../domain';
import { type SafetyOutboxEntry, readSafetyOutboxEntry, toSafetyOutboxEntry } from './safety-outbox-entry';
import { safetyOutbox } from './safety-outbox-store';
import { type SafetyOutboxDeps, sendSafetyOutboxRound } from './send-safety-outbox';

const UID = 'u-worker';
const failure = (code: string, message = '', details?: unknown) =>
  Object.assign(new Error(message), { code, details });
/** What the Functions SDK throws when the call got no answer (a failed fetch). */
const noAnswer = () => failure('functions/internal', 'internal');

const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg', lastModified: 1 });

function queued(requestId: string, photos: File[] = [], queuedAt = 1_000): SafetyOutboxEntry {
  return toSafetyOutboxEntry(
    UID,
    {
      requestId,
      kind: 'scaffold',
      type: 'hazard',
      urgency: 'serious',
      description: `Loose planks (${requestId})`,
      site: 'Hammarby',
      siteArea: '',
      location: null,
      anonymous: true,
    },
    photos,
    queuedAt,
  );
}

/**
 * submitSafetyReport as the outbox meets it: idempotent per request id (a repeated request id
 * answers the first report with isDuplicate), and every photo path must have been uploaded.
 */
function fakeServer() {
  const reports = new Map<string, SubmitSafetyReportRequest>();
  const uploaded = new Set<string>();
  const planned: unknown[] = [];
  const submit = vi.fn((request: SubmitSafetyReportRequest): Promise<SubmitSafetyReportResponse> => {
    const plan = planned.shift();
    if (plan) return Promise.reject(plan);
    const missing = request.photos.map((p) => p.path).filter((path) => !uploaded.has(path));
    if (missing.length > 0) {
      return Promise.reject(
        failure('functions/failed-precondition', 'safety.errors.photoMissing', { paths: missing }),
      );
    }
    const isDuplicate = reports.has(request.requestId);
    if (!isDuplicate) reports.set(request.requestId, request);
    return Promise.resolve({
      reportId: `r-${request.requestId}`,
      reportedAt: '2026-11-29T10:42:00.000Z',
      notifiedCount: 3,
      isDuplicate,
    });
  });
  let uploads = 0;
  const upload = vi.fn((uid: string, requestId: string, file: File): Promise<StoredAttachment> => {
    uploads += 1;
    const path = `safetyReports/${uid}/${requestId}/${uploads}-${file.name}`;
    uploaded.add(path);
    return Promise.resolve({ name: file.name, size: file.size, contentType: file.type, path });
  });
  return { reports, uploaded, submit, upload, failNext: (error: unknown) => planned.push(error) };
}

function setup(entries: SafetyOutboxEntry[], isOnline = true) {
  const store = memoryKeyValueStore(new Map(entries.map((entry) => [entry.id, entry])));
  const server = fakeServer();
  const deps: SafetyOutboxDeps = {
    store,
    upload: server.upload,
    submit: server.submit,
    isOnline: () => isOnline,
  };
  return { store, server, deps, list: () => safetyOutbox.list(store, UID) };
}

describe('sending the danger reports waiting on the phone', () => {
  it('uploads the photos, then sends the report once with its own request id, and empties the outbox', async () => {
    const { server, deps, list } = setup([queued('req-1', [photo('a.jpg'), photo('b.jpg')])]);
    const round = await sendSafetyOutboxRound(UID, deps);
    expect(round).toEqual({
      sent: [
        {
          requestId: 'req-1',
          reportId: 'r-req-1',
          reportedAt: '2026-11-29T10:42:00.000Z',
          notifiedCount: 3,
          isDuplicate: false,
        },
      ],
      refused: [],
      isWaiting: false,
    });
    expect(server.upload).toHaveBeenCalledTimes(2);
    const sent = server.reports.get('req-1');
    expect(sent?.photos.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(sent?.anonymous).toBe(true);
    expect(await list()).toEqual([]);
  });

  it('sends the oldest first and stops the round at the first lost connection, keeping the rest', async () => {
    const { server, deps, list } = setup([queued('late', [], 2_000), queued('early', [], 1_000)]);
    server.failNext(noAnswer());
    const round = await sendSafetyOutboxRound(UID, deps);
    expect(round.isWaiting).toBe(true);
    expect(server.submit).toHaveBeenCalledTimes(1);
    expect(server.submit.mock.calls[0]?.[0].requestId).toBe('early');
    const left = await list();
    expect(left.map((entry) => [entry.id, entry.status, entry.attempts])).toEqual([
      ['early', 'waiting', 1],
      ['late', 'waiting', 0],
    ]);
    // The next round sends both, each once.
    const next = await sendSafetyOutboxRound(UID, deps);
    expect(next.sent.map((sent) => sent.requestId)).toEqual(['early', 'late']);
    expect(server.reports.size).toBe(2);
  });

  it('makes one report when the answer was lost after the server made it', async () => {
    const { server, deps } = setup([queued('req-1')]);
    // The server made the report, then the answer never came: the retry gets the same report.
    server.submit.mockImplementationOnce(async (request) => {
      server.reports.set(request.requestId, request);
      throw noAnswer();
    });
    expect((await sendSafetyOutboxRound(UID, deps)).isWaiting).toBe(true);
    const round = await sendSafetyOutboxRound(UID, deps);
    expect(round.sent).toEqual([expect.objectContaining({ reportId: 'r-req-1', isDuplicate: true })]);
    expect(server.reports.size).toBe(1);
  });

  it('does not upload a photo again once stored, when only the call failed', async () => {
    const { server, deps, list } = setup([queued('req-1', [photo('a.jpg')])]);
    server.failNext(noAnswer());
    await sendSafetyOutboxRound(UID, deps);
    expect((await list())[0]?.photos[0]?.stored?.path).toMatch(/^safetyReports\/u-worker\/req-1\//);
    await sendSafetyOutboxRound(UID, deps);
    expect(server.upload).toHaveBeenCalledTimes(1);
    expect(server.reports.size).toBe(1);
  });

  it('uploads again a photo the server no longer finds (swept while the report waited)', async () => {
    const { server, deps, list } = setup([queued('req-1', [photo('a.jpg')])]);
    server.failNext(noAnswer());
    await sendSafetyOutboxRound(UID, deps);
    server.uploaded.clear();
    const missing = await sendSafetyOutboxRound(UID, deps);
    expect(missing.isWaiting).toBe(true);
    expect((await list())[0]?.photos[0]?.stored).toBeUndefined();
    const round = await sendSafetyOutboxRound(UID, deps);
    expect(round.sent).toHaveLength(1);
    expect(server.upload).toHaveBeenCalledTimes(2);
  });

  it('keeps a refused report with the server’s reason and goes on with the next', async () => {
    const { server, deps, list } = setup([queued('bad', [], 1_000), queued('good', [], 2_000)]);
    server.failNext(failure('functions/resource-exhausted', 'errors.tooManyRequests'));
    server.failNext(
      failure('functions/invalid-argument', 'Invalid', { fields: { site: 'validation.required' } }),
    );
    const round = await sendSafetyOutboxRound(UID, deps);
    expect(round.sent).toEqual([]);
    expect(round.refused.map((entry) => entry.id)).toEqual(['bad', 'good']);
    expect((await list()).map((entry) => entry.status)).toEqual(['refused', 'refused']);
    // A refused report is not sent again until the worker asks.
    expect((await sendSafetyOutboxRound(UID, deps)).refused).toEqual([]);
    expect(server.submit).toHaveBeenCalledTimes(2);
  });

  it('marks a report whose photo Storage refused, without calling the server', async () => {
    const { server, deps, list } = setup([queued('req-1', [photo('a.jpg')])]);
    server.upload.mockRejectedValueOnce(failure('storage/unauthorized'));
    const round = await sendSafetyOutboxRound(UID, deps);
    expect(round.refused[0]?.refusal).toEqual({ key: 'safety.outbox.photosRefused' });
    expect(server.submit).not.toHaveBeenCalled();
    expect((await list())[0]?.status).toBe('refused');
  });

  it('keeps every report offline, and sends none of another account', async () => {
    const other = { ...queued('theirs'), uid: 'u-other' };
    const offline = setup([queued('mine'), other], false);
    expect(await sendSafetyOutboxRound(UID, offline.deps)).toEqual({
      sent: [],
      refused: [],
      isWaiting: true,
    });
    expect(offline.server.submit).not.toHaveBeenCalled();
    const online = setup([other]);
    expect((await sendSafetyOutboxRound(UID, online.deps)).sent).toEqual([]);
    expect(online.server.submit).not.toHaveBeenCalled();
  });
});

describe('reading a kept report', () => {
  it('takes only the account’s own records of the current shape', () => {
    const entry = queued('req-1', [photo('a.jpg')]);
    expect(readSafetyOutboxEntry(entry, UID)).toBe(entry);
    expect(readSafetyOutboxEntry(entry, 'u-other')).toBeNull();
    expect(readSafetyOutboxEntry({ ...entry, version: 0 }, UID)).toBeNull();
    expect(readSafetyOutboxEntry({ ...entry, report: { ...entry.report, requestId: 'x' } }, UID)).toBeNull();
    expect(readSafetyOutboxEntry({ ...entry, photos: [{ name: 'a.jpg' }] }, UID)).toBeNull();
    expect(readSafetyOutboxEntry({ ...entry, status: 'sent' }, UID)).toBeNull();
    expect(readSafetyOutboxEntry('garbage', UID)).toBeNull();
  });
});
