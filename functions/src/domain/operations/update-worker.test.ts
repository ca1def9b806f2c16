import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../admin-api.js';
import { DELETE_FIELD, type OperationCaller } from './decision.js';
import { MASKED, type UpdateWorkerState, decideUpdateWorker, splitClearedFields } from './update-worker.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const caller: OperationCaller = { uid: 'm1', email: 'm@example.com', name: 'Max', role: 'manager' };
const stored = {
  name: 'Jan Kowalski',
  email: 'jan@example.com',
  phone: '+48 600',
  pesel: '90010112345',
  siteName: 'Malmö',
};
const state = (linkedUid: string | null = 'u1'): UpdateWorkerState => ({ worker: stored, linkedUid });
const edit = (changes: Record<string, unknown>, cleared: string[] = []) => ({
  workerId: 'w1',
  changes,
  cleared,
});

describe('splitClearedFields', () => {
  it.each<[string, unknown, unknown, string[]]>([
    [
      'takes emptied optional fields out',
      { workerId: 'w1', changes: { phone: '', pesel: null, siteName: ' ', name: 'A' } },
      { workerId: 'w1', changes: { name: 'A' } },
      ['phone', 'pesel', 'siteName'],
    ],
    [
      'leaves an emptied name to the schema',
      { workerId: 'w1', changes: { name: '' } },
      { workerId: 'w1', changes: { name: '' } },
      [],
    ],
    ['leaves a payload without changes alone', { workerId: 'w1' }, { workerId: 'w1' }, []],
    ['leaves a non-object alone', 'odd', 'odd', []],
  ])('%s', (_, data, rest, cleared) => {
    expect(splitClearedFields(data)).toEqual({ data: rest, cleared });
  });
});

describe('decideUpdateWorker', () => {
  it('refuses a missing worker', () => {
    expect(decideUpdateWorker({ worker: null, linkedUid: null }, edit({ phone: '1' }), caller, NOW)).toEqual({
      isRefused: true,
      refusal: { code: 'not-found', message: ADMIN_ERRORS.workerNotFound },
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, string>]>([
    [
      'an edited field the profile refuses',
      {},
      { rotationStart: '25.11.2026' },
      { 'changes.rotationStart': 'invalidDate' },
    ],
    [
      'a stored field the profile refuses',
      { email: 'not-an-email' },
      { phone: '1' },
      { email: expect.any(String) as string },
    ],
  ])('refuses %s with field keys', (_, worker, changes, fields) => {
    expect(
      decideUpdateWorker({ worker: { ...stored, ...worker }, linkedUid: null }, edit(changes), caller, NOW),
    ).toEqual({
      isRefused: true,
      refusal: { code: 'invalid-argument', message: 'Invalid worker details', fields },
    });
  });

  const entry = (changes: Record<string, unknown>, uid: string | null = 'u1') => ({
    collection: 'auditLog',
    data: { action: 'updateWorker', target: { workerId: 'w1', uid, email: 'jan@example.com' }, changes },
  });

  it.each<[string, UpdateWorkerState, ReturnType<typeof edit>, unknown[], unknown]>([
    [
      'sets a field',
      state(),
      edit({ phone: '+48 700' }),
      [{ type: 'update', path: 'workers/w1', data: { phone: '+48 700' } }],
      entry({ phone: { from: '+48 600', to: '+48 700' } }),
    ],
    [
      'masks a sensitive value',
      state(),
      edit({ pesel: '85010112345' }),
      [{ type: 'update', path: 'workers/w1', data: { pesel: '85010112345' } }],
      entry({ pesel: { from: MASKED, to: MASKED } }),
    ],
    [
      'empties fields, skipping those already empty',
      state(),
      edit({}, ['pesel', 'jobTitle']),
      [{ type: 'update', path: 'workers/w1', data: { pesel: DELETE_FIELD } }],
      entry({ pesel: { from: MASKED, to: null } }),
    ],
    [
      'renames the linked account too',
      state(),
      edit({ name: 'Jan K.' }),
      [
        { type: 'update', path: 'workers/w1', data: { name: 'Jan K.' } },
        { type: 'set', path: 'users/u1', data: { name: 'Jan K.', updatedAt: new Date(NOW) }, merge: true },
      ],
      entry({ name: { from: 'Jan Kowalski', to: 'Jan K.' } }),
    ],
    [
      'renames a worker without an account',
      state(null),
      edit({ name: 'Jan K.' }),
      [{ type: 'update', path: 'workers/w1', data: { name: 'Jan K.' } }],
      entry({ name: { from: 'Jan Kowalski', to: 'Jan K.' } }, null),
    ],
  ])('%s', (_, given, request, writes, logged) => {
    const decision = decideUpdateWorker(given, request, caller, NOW);
    expect(decision).toMatchObject({ isRefused: false, writes, log: [logged] });
    expect(decision.isRefused ? null : decision.result.worker).not.toHaveProperty('pesel');
  });

  it.each<[string, ReturnType<typeof edit>]>([
    ['the same values', edit({ phone: '+48 600', name: 'Jan Kowalski' })],
    ['emptying empty fields', edit({}, ['jobTitle'])],
  ])('writes nothing for %s', (_, request) => {
    const decision = decideUpdateWorker(state(), request, caller, NOW);
    expect(decision).toMatchObject({ isRefused: false, writes: [], log: [] });
    expect(decision.isRefused ? null : decision.result.worker).toEqual({
      id: 'w1',
      name: 'Jan Kowalski',
      email: 'jan@example.com',
      phone: '+48 600',
      siteName: 'Malmö',
    });
  });
});
