import { randomUUID } from 'node:crypto';
import { getFirestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeps } from '../src/callable/admin/admin-caller.js';
import type { AuditEntry } from '../src/callable/admin/audit.js';
import { createSaveServiceLevelsHandler } from '../src/callable/admin/save-service-levels.js';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import { DEFAULT_SERVICE_LEVELS } from '../src/domain/index.js';
import { adminApp, adminAuth } from '../src/firebase.js';
import {
  type TestAccount,
  callableAuth,
  callableRequest,
  createTestAccount,
  fieldsOf,
  httpsErrorOf,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';

// saveServiceLevels and what it changes: a database of its own, so the stored levels reach no other
// test's tickets.

/** Friday 20 Nov 2026, 11:00 in Warsaw. */
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const db = getFirestore(adminApp(), `service-levels-${randomUUID().slice(0, 8)}`);
const deps: AdminDeps = { db, auth: adminAuth(), logger: recordingLogger(), now: () => NOW };
const save = createSaveServiceLevelsHandler(deps);
const submit = createSubmitTicketHandler({ db, logger: recordingLogger(), now: () => NOW });
const as = async (user: TestAccount, data: unknown) => callableRequest(data, await callableAuth(user));

let admin: TestAccount;
let manager: TestAccount;
let worker: TestAccount;

beforeAll(async () => {
  [admin, manager, worker] = await Promise.all([
    createTestAccount('admin', {}, db),
    createTestAccount('manager', {}, db),
    createTestAccount('user', {}, db),
  ]);
});

const levels = {
  country: 'PL',
  extraHolidays: ['2026-11-23'],
  targets: { ...DEFAULT_SERVICE_LEVELS.targets, accommodation: 1 },
};

describe('saveServiceLevels', () => {
  it('stores an admin’s levels with an audit entry, and new tickets take their answer day from them', async () => {
    expect(await save(await as(admin, levels))).toEqual(levels);
    expect((await db.doc('config/serviceLevels').get()).data()).toMatchObject({
      ...levels,
      updatedBy: { uid: admin.uid, email: admin.email },
    });
    const audit = (await db.collection('auditLog').where('action', '==', 'saveServiceLevels').get()).docs.map(
      (doc) => doc.data() as AuditEntry,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes).toEqual({
      extraHolidays: { from: [], to: ['2026-11-23'] },
      targets: { from: DEFAULT_SERVICE_LEVELS.targets, to: levels.targets },
    });

    // Accommodation: 1 working day after Friday, and Monday 23 Nov is now a day off: Tuesday.
    const ticket = await submit(
      await as(worker, {
        requestId: newRequestId(),
        category: 'accommodation',
        subcategory: 'repair',
        description: 'The heating in room 12 is broken',
        address: 'Sickla Kanalgata 8, 131 34 Nacka',
        attachments: [],
      }),
    );
    expect((await db.doc(`tickets/${ticket.ticketId}`).get()).get('answerDueDay')).toBe('2026-11-24');
  });

  it('refuses a manager, and values out of range or for no category', async () => {
    const forbidden = await httpsErrorOf(save(await as(manager, levels)));
    expect([forbidden.code, forbidden.message]).toEqual(['permission-denied', 'admin.errors.forbidden']);
    const invalid = await httpsErrorOf(
      save(
        await as(admin, {
          ...levels,
          extraHolidays: ['31.12.2026'],
          targets: { tools: 45, cake: 2 },
        }),
      ),
    );
    expect(invalid.code).toBe('invalid-argument');
    expect(fieldsOf(invalid)).toMatchObject({
      'targets.tools': 'validation.invalid',
      'targets.cake': 'validation.invalid',
    });
    expect((await db.doc('config/serviceLevels').get()).get('targets.accommodation')).toBe(1);
  });
});
