import { httpsCallable } from 'firebase/functions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, callOptionsOf, withoutUndefined } from './call';
import { CallableError } from './callable-failure';
import { isOnline, settledProbe, subscribeConnectivity } from './connectivity';
import { functions } from './firebase-data';
import { reachOrigin } from './reach-origin';

vi.mock('./firebase', () => ({ firebaseApp: vi.fn(() => ({})) }));
vi.mock('./firebase-app-check', () => ({ startAppCheck: vi.fn(() => Promise.resolve()) }));
vi.mock('./firebase-data', () => ({ functions: vi.fn(() => Promise.resolve({ name: 'functions' })) }));
vi.mock('firebase/functions', () => ({ httpsCallable: vi.fn() }));

describe('withoutUndefined (what call() sends)', () => {
  it('leaves out fields holding undefined, which the Functions SDK would send as null', () => {
    expect(withoutUndefined({ category: 'workhours', hours: undefined, description: 'x' })).toEqual({
      category: 'workhours',
      description: 'x',
    });
    expect(JSON.stringify(withoutUndefined({ hours: undefined }))).toBe('{}');
  });

  it('does so in nested objects and objects inside arrays, keeping null, 0, false and empty strings', () => {
    expect(
      withoutUndefined({
        changes: { phone: undefined, pesel: null, jacketSize: '' },
        items: [{ toolId: 't-1', quantity: 0, note: undefined }],
        isUrgent: false,
      }),
    ).toEqual({
      changes: { pesel: null, jacketSize: '' },
      items: [{ toolId: 't-1', quantity: 0 }],
      isUrgent: false,
    });
  });

  it('keeps values that are not plain objects as they are', () => {
    const day = new Date(0);
    expect(withoutUndefined({ at: day }).at).toBe(day);
    expect(withoutUndefined('text')).toBe('text');
    expect(withoutUndefined(undefined)).toBeUndefined();
  });
});

describe('the client timeout of call()', () => {
  const httpsCallableMock = vi.mocked(httpsCallable);
  beforeEach(() => {
    httpsCallableMock.mockReset();
    httpsCallableMock.mockReturnValue(
      Object.assign(
        vi.fn(() => Promise.resolve({ data: { ok: true } })),
        { stream: vi.fn() },
      ),
    );
  });

  it('waits longer for updateWorker, which may wait for a slow work board (server: 300 s)', async () => {
    expect(callOptionsOf('updateWorker')).toEqual({ timeout: 310_000 });
    await call('updateWorker', { workerId: 'w-1', changes: {} });
    expect(httpsCallableMock).toHaveBeenCalledWith({ name: 'functions' }, 'updateWorker', {
      timeout: 310_000,
    });
  });

  it("keeps the SDK's default for the other callables", async () => {
    expect(callOptionsOf('getUserProfile')).toBeUndefined();
    await call('getUserProfile', { userId: 'u-1' });
    expect(httpsCallableMock).toHaveBeenCalledWith({ name: 'functions' }, 'getUserProfile', undefined);
  });
});

describe('what call() rejects with', () => {
  const httpsCallableMock = vi.mocked(httpsCallable);
  const answering = (send: () => Promise<never>) =>
    httpsCallableMock.mockReturnValue(Object.assign(vi.fn(send), { stream: vi.fn() }));

  beforeEach(() => httpsCallableMock.mockReset());

  it("is the SDK's error mapped once with the callable's keys", async () => {
    const cause = Object.assign(new Error('admin.errors.aboveOwnLevel'), {
      code: 'functions/permission-denied',
      details: { fields: { role: 'validation.invalid' } },
    });
    answering(() => Promise.reject(cause));
    const failure = await call('updateUserRole', { uid: 'u-1', role: 'admin' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CallableError);
    expect(failure).toMatchObject({
      callable: 'updateUserRole',
      code: 'permission-denied',
      messageKey: 'admin.errors.aboveOwnLevel',
      fields: { role: 'validation.invalid' },
      source: 'server',
      cause,
    });
  });

  it("is the callable's failure key when the server says nothing the screens know", async () => {
    answering(() => Promise.reject(Object.assign(new Error('INTERNAL'), { code: 'functions/internal' })));
    await expect(call('listTicketQueue', {})).rejects.toMatchObject({
      code: 'internal',
      messageKey: 'tickets.queue.errors.loadFailed',
    });
  });

  it('is a failure on the device when the SDK could not even be reached', async () => {
    vi.mocked(functions).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(call('markNotificationsRead', { all: true })).rejects.toMatchObject({
      code: 'unknown',
      messageKey: 'notifications.errors.markFailed',
      source: 'device',
      cause: expect.any(TypeError),
    });
  });

  it('is a network failure at once while the app is offline, without loading any of the SDK', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.mocked(functions).mockClear();
    await expect(call('submitTicket', {} as never)).rejects.toMatchObject({
      callable: 'submitTicket',
      code: 'unavailable',
      source: 'network',
    });
    expect(functions).not.toHaveBeenCalled();
    expect(httpsCallableMock).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('call() and the connectivity signal', () => {
  const httpsCallableMock = vi.mocked(httpsCallable);
  const answering = (send: () => Promise<never>) =>
    httpsCallableMock.mockReturnValue(Object.assign(vi.fn(send), { stream: vi.fn() }));
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('has the origin probed at once when a call got no answer, and not when the server refused', async () => {
    stops.push(subscribeConnectivity(() => undefined));
    await settledProbe();
    const probe = vi.mocked(reachOrigin);
    probe.mockClear();
    answering(() =>
      Promise.reject(Object.assign(new Error('permission'), { code: 'functions/permission-denied' })),
    );
    await call('getUserProfile', { userId: 'u-1' }).catch(() => undefined);
    expect(probe).not.toHaveBeenCalled();
    probe.mockResolvedValueOnce(false);
    answering(() => Promise.reject(Object.assign(new Error('internal'), { code: 'functions/internal' })));
    await call('getUserProfile', { userId: 'u-1' }).catch(() => undefined);
    expect(probe).toHaveBeenCalledTimes(1);
    await settledProbe();
    expect(isOnline()).toBe(false);
  });
});
