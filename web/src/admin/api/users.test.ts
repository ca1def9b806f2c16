import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/call';
import * as users from './users';

vi.mock('../../lib/call', () => ({ call: vi.fn() }));

const callMock = vi.mocked(call);

describe('user-management callables', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockResolvedValue({ ok: true });
  });

  it.each([
    [
      'listUsers',
      () => users.listUsers({ tab: 'workers', search: 'anna', page: 2 }),
      { tab: 'workers', search: 'anna', page: 2 },
    ],
    ['getUserProfile', () => users.getUserProfile({ userId: 'w-2001' }), { userId: 'w-2001' }],
    [
      'updateUserRole',
      () => users.updateUserRole({ uid: 'u-1', role: 'foreman' }),
      { uid: 'u-1', role: 'foreman' },
    ],
    [
      'saveUserPermissions',
      () =>
        users.saveUserPermissions({
          uid: 'u-1',
          assignedPermissions: ['PROCESS_TICKETS'],
          revokedPermissions: [],
        }),
      { uid: 'u-1', assignedPermissions: ['PROCESS_TICKETS'], revokedPermissions: [] },
    ],
    ['resetUserPassword', () => users.resetUserPassword({ uid: 'u-1' }), { uid: 'u-1' }],
    [
      'setAccountStatus',
      () => users.setAccountStatus({ uid: 'u-1', disabled: true }),
      { uid: 'u-1', disabled: true },
    ],
    [
      'updateWorker',
      () => users.updateWorker({ workerId: 'w-1', changes: { phone: '+48 1' } }),
      { workerId: 'w-1', changes: { phone: '+48 1' } },
    ],
    [
      'createAccount',
      () => users.createAccount({ workerId: 'w-1', role: 'user' }),
      { workerId: 'w-1', role: 'user' },
    ],
  ] as const)(
    '%s calls its callable with the request and returns the answer',
    async (name, send, request) => {
      await expect(send()).resolves.toEqual({ ok: true });
      expect(callMock).toHaveBeenCalledExactlyOnceWith(name, request);
    },
  );

  it('passes a failure on to the screen', async () => {
    callMock.mockRejectedValue({
      code: 'functions/permission-denied',
      message: 'admin.errors.forbidden',
    });
    await expect(users.resetUserPassword({ uid: 'u-admin' })).rejects.toMatchObject({
      message: 'admin.errors.forbidden',
    });
  });
});
