import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it, vi } from 'vitest';
import { logRefusals } from './refusal-log.js';

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const request = (uid?: string) =>
  ({
    data: { pesel: '90010112345' },
    auth: uid ? { uid } : undefined,
  }) as unknown as CallableRequest<unknown>;
const failing = (error: Error) => () => Promise.reject(error);

describe('logRefusals', () => {
  it('logs a refusal about the caller as an error, with the operation, the uid and the reason', async () => {
    const log = logger();
    const error = new HttpsError('permission-denied', 'admin.errors.forbidden');
    await expect(logRefusals(log, 'updateUserRole', failing(error))(request('u-1'))).rejects.toBe(error);
    expect(log.error).toHaveBeenCalledWith('updateUserRole refused', {
      operation: 'updateUserRole',
      uid: 'u-1',
      code: 'permission-denied',
      reason: 'admin.errors.forbidden',
    });
  });

  it('logs bad input as a warning with the field names only, never the values', async () => {
    const log = logger();
    const error = new HttpsError('invalid-argument', 'Invalid worker details', {
      fields: { 'changes.pesel': 'validation.invalid' },
    });
    await expect(logRefusals(log, 'updateWorker', failing(error))(request())).rejects.toBe(error);
    expect(log.warn).toHaveBeenCalledWith('updateWorker refused', {
      operation: 'updateWorker',
      uid: null,
      code: 'invalid-argument',
      reason: 'Invalid worker details',
      fields: ['changes.pesel'],
    });
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('90010112345');
  });

  it('leaves answers and internal failures alone', async () => {
    const log = logger();
    await expect(logRefusals(log, 'op', () => Promise.resolve(42))(request('u-1'))).resolves.toBe(42);
    const internal = new HttpsError('internal', 'tickets.errors.submitFailed');
    await expect(logRefusals(log, 'op', failing(internal))(request('u-1'))).rejects.toBe(internal);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });
});
