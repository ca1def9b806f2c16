import { AUTH_RULES, type StoredAttachment } from '@domain';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { AuthContext } from '../../lib/auth/auth-context';
import type { AuthState } from '../../lib/auth/types';
import { type KeyValueStore, memoryKeyValueStore } from '../../lib/idb/key-value-store';
import { NoticesProvider } from '../../notices';
import { testUser } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import { uploadTicketFile } from '../api/submit-ticket';
import type { OutboxEntry } from '../outbox/outbox-entry';
import { UID, carSubmission, photo } from '../outbox/testing/outbox-fixtures';
import { OutboxStoreContext } from '../outbox/use-outbox';
import { type TicketSubmissionOptions, useTicketSubmission } from './use-ticket-submission';

vi.mock('../api/submit-ticket', async (importOriginal) =>
  (await import('./testing/submit-ticket-mock')).mockSubmitTicketApi(importOriginal),
);
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const submitTicket = callableMock('submitTicket');
const attachTicketFiles = callableMock('attachTicketFiles');
const uploadMock = vi.mocked(uploadTicketFile);

const CREATED = { ticketId: 't-0042', number: 'T-0042', isDuplicate: false };
const SUBMISSION = carSubmission('req-0042');

const sdkError = (code: string, message = '', details?: unknown) =>
  Object.assign(new Error(message), { code: `functions/${code}`, details });

const stored = (file: File): StoredAttachment => ({
  name: file.name,
  size: file.size,
  contentType: file.type,
  path: `tickets/${UID}/t-0042/${file.name}`,
});

type Setup = Partial<TicketSubmissionOptions> & { outbox?: KeyValueStore | null };

function renderSubmission({ outbox = null, ...options }: Setup = {}) {
  const setFieldError = vi.fn();
  const onSubmitted = vi.fn();
  const auth: AuthState = {
    user: testUser({ uid: UID, role: 'foreman' }),
    rules: AUTH_RULES,
    isLoading: false,
    isRestoredSignIn: false,
    signOut: () => Promise.resolve(),
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={auth}>
      <OutboxStoreContext.Provider value={outbox}>
        <NoticesProvider>{children}</NoticesProvider>
      </OutboxStoreContext.Provider>
    </AuthContext.Provider>
  );
  const hook = renderHook(() => useTicketSubmission({ files: [], setFieldError, onSubmitted, ...options }), {
    wrapper,
  });
  return { ...hook, setFieldError, onSubmitted };
}

describe('useTicketSubmission', () => {
  let isOnline = true;
  beforeEach(() => {
    submitTicket.mockReset();
    attachTicketFiles.mockReset();
    uploadMock.mockReset();
    isOnline = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the submission, then uploads the files and records them on the ticket', async () => {
    const files = [photo('a.jpg'), photo('b.jpg')];
    submitTicket.mockResolvedValue(CREATED);
    uploadMock.mockImplementation((_uid, _ticketId, file) => Promise.resolve(stored(file)));
    attachTicketFiles.mockResolvedValue({ attachments: [] });
    const { result, onSubmitted } = renderSubmission({
      files: files.map((file) => ({ key: file.name, file })),
    });

    await act(() => result.current.submit(SUBMISSION));

    expect(submitTicket).toHaveBeenCalledExactlyOnceWith(SUBMISSION);
    expect(uploadMock.mock.calls.map(([uid, ticketId, file]) => `${uid}/${ticketId}/${file.name}`)).toEqual([
      `${UID}/t-0042/a.jpg`,
      `${UID}/t-0042/b.jpg`,
    ]);
    expect(attachTicketFiles).toHaveBeenCalledExactlyOnceWith({
      ticketId: 't-0042',
      files: files.map(stored),
    });
    expect(result.current.phase).toBe('done');
    expect(result.current.created).toEqual(CREATED);
    expect(result.current.uploads.map((entry) => entry.status)).toEqual(['done', 'done']);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText(i18n.t('tickets.form.submitted', { number: 'T-0042' })),
    ).toBeInTheDocument();
  });

  it('keeps the ticket when a file fails, and the retry uploads and records only that file', async () => {
    const [first, second] = [photo('a.jpg'), photo('b.jpg')];
    submitTicket.mockResolvedValue(CREATED);
    let isBroken = true;
    uploadMock.mockImplementation((_uid, _ticketId, file) =>
      file.name === 'b.jpg' && isBroken
        ? Promise.reject(new Error('network'))
        : Promise.resolve(stored(file)),
    );
    attachTicketFiles.mockResolvedValue({ attachments: [] });
    const { result } = renderSubmission({
      files: [first, second].map((file) => ({ key: file.name, file })),
    });

    await act(() => result.current.submit(SUBMISSION));
    expect(result.current.phase).toBe('uploadFailed');
    expect(result.current.uploads.map((entry) => entry.status)).toEqual(['done', 'failed']);
    expect(await screen.findByText(i18n.t('tickets.form.uploadFailed'))).toBeInTheDocument();

    isBroken = false;
    act(() => result.current.retryUploads());
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(uploadMock.mock.calls.map(([, , file]) => file.name)).toEqual(['a.jpg', 'b.jpg', 'b.jpg']);
    expect(attachTicketFiles).toHaveBeenLastCalledWith({ ticketId: 't-0042', files: [stored(second)] });
    expect(submitTicket).toHaveBeenCalledTimes(1);
  });

  it('says how long to wait when recording the files is over the limit', async () => {
    const file = photo('a.jpg');
    submitTicket.mockResolvedValue(CREATED);
    uploadMock.mockResolvedValue(stored(file));
    attachTicketFiles.mockRejectedValue(
      sdkError('resource-exhausted', 'errors.tooManyRequests', { retryAfterMinutes: 9 }),
    );
    const { result } = renderSubmission({ files: [{ key: 'a', file }] });

    await act(() => result.current.submit(SUBMISSION));

    expect(result.current.phase).toBe('uploadFailed');
    expect(await screen.findByText(i18n.t('errors.tooManyRequests', { count: 9 }))).toBeInTheDocument();
  });

  it('puts the fields the server refused on the form and stays editing', async () => {
    submitTicket.mockRejectedValue(
      sdkError('invalid-argument', 'Invalid ticket', { fields: { carPlate: 'validation.required' } }),
    );
    const { result, setFieldError, onSubmitted } = renderSubmission();

    await act(() => result.current.submit(SUBMISSION));

    expect(result.current.phase).toBe('editing');
    expect(setFieldError).toHaveBeenCalledExactlyOnceWith('carPlate', 'validation.required');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(await screen.findByText(i18n.t('tickets.form.invalid'))).toBeInTheDocument();
  });

  it('marks the period of a pre-salary the server says is taken', async () => {
    submitTicket.mockRejectedValue(sdkError('failed-precondition', 'tickets.presalary.periodTaken'));
    const { result, setFieldError } = renderSubmission();

    await act(() => result.current.submit(SUBMISSION));

    expect(setFieldError).toHaveBeenCalledExactlyOnceWith('period', 'tickets.presalary.periodTaken');
    expect(await screen.findByText(i18n.t('tickets.presalary.periodTaken'))).toBeInTheDocument();
  });

  it("says the category's failure text when the server gives no reason, and the server's reason otherwise", async () => {
    submitTicket.mockRejectedValueOnce(sdkError('internal', 'INTERNAL'));
    submitTicket.mockRejectedValueOnce(sdkError('permission-denied', 'tickets.errors.forbidden'));
    const { result, setFieldError } = renderSubmission({
      submitFailedKey: 'tickets.form.tools.submitFailed',
    });

    await act(() => result.current.submit(SUBMISSION));
    expect(await screen.findByText(i18n.t('tickets.form.tools.submitFailed'))).toBeInTheDocument();
    await act(() => result.current.submit(SUBMISSION));
    expect(await screen.findByText(i18n.t('tickets.errors.forbidden'))).toBeInTheDocument();
    expect(setFieldError).not.toHaveBeenCalled();
    expect(result.current.phase).toBe('editing');
  });

  it('puts the ticket with its files in the outbox when the call gets no answer', async () => {
    const file = photo('a.jpg');
    submitTicket.mockRejectedValue(sdkError('unavailable', 'unavailable'));
    const outbox = memoryKeyValueStore();
    const { result, onSubmitted } = renderSubmission({ outbox, files: [{ key: 'a', file }] });

    await act(() => result.current.submit(SUBMISSION));

    expect(result.current.phase).toBe('queued');
    expect(outbox.records.get('req-0042')).toMatchObject({
      uid: UID,
      status: 'waiting',
      submission: SUBMISSION,
    });
    expect((outbox.records.get('req-0042') as OutboxEntry).files.map(({ name }) => name)).toEqual(['a.jpg']);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('goes straight to the outbox when the phone is offline', async () => {
    isOnline = false;
    const outbox = memoryKeyValueStore();
    const { result } = renderSubmission({ outbox });

    await act(() => result.current.submit(SUBMISSION));

    expect(result.current.phase).toBe('queued');
    expect(submitTicket).not.toHaveBeenCalled();
    expect(outbox.records.has('req-0042')).toBe(true);
  });

  it('says "no connection" and stays editing where the device keeps no outbox', async () => {
    submitTicket.mockRejectedValue(sdkError('unavailable', 'unavailable'));
    const { result, onSubmitted } = renderSubmission({ outbox: null });

    await act(() => result.current.submit(SUBMISSION));

    expect(result.current.phase).toBe('editing');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(await screen.findByText(i18n.t('tickets.form.offline'))).toBeInTheDocument();
  });
});
