import { describe, expect, it } from 'vitest';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import {
  type AddTicketUpdateOperation,
  type AddTicketUpdateState,
  decideAddTicketUpdate,
} from './add-ticket-update.js';
import type { OperationCaller } from './decision.js';
import { storedTicketOf } from './ticket-state.js';
import { activityOf } from '../testing/notifications.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const at = new Date(NOW);
const staff: OperationCaller = { uid: 'staff-1', email: null, name: 'Sam Staff', role: 'foreman' };
const owner: OperationCaller = { uid: 'worker-1', email: null, name: 'Wanda', role: 'user' };
const stranger: OperationCaller = { uid: 'worker-2', email: null, name: 'Walt', role: 'user' };

const state = (
  data: Record<string, unknown> | null = {},
  hasEarlierUpdate = false,
): AddTicketUpdateState => ({
  ticket: data
    ? storedTicketOf('t1', { createdBy: 'worker-1', category: 'car', status: 'inProgress', ...data })
    : null,
  updateId: 'u1',
  hasEarlierUpdate,
});
const file = (path: string) => ({ name: 'scan.pdf', path, size: 10, contentType: 'application/pdf' });
const request = (attachments: AddTicketUpdateOperation['attachments'] = []): AddTicketUpdateOperation => ({
  requestId: 'req-00000001',
  ticketId: 't1',
  text: 'Sent the form',
  attachments,
});
const staffFile = file('ticket-updates/worker-1/t1/scan.pdf');
const ownerFile = file('tickets/worker-1/t1/scan.pdf');

const refusals: [string, AddTicketUpdateState, OperationCaller, string, string][] = [
  ['a missing ticket', state(null), staff, 'not-found', TICKET_PROCESSING_ERRORS.notFound],
  ['someone else’s ticket', state(), stranger, 'permission-denied', TICKET_PROCESSING_ERRORS.forbidden],
  [
    'staff on an archived ticket',
    state({ status: 'archived' }),
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.archived,
  ],
  [
    'the owner on an archived ticket',
    state({ status: 'new', archived: true }),
    owner,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.archived,
  ],
  [
    'the owner on a closed ticket',
    state({ status: 'resolved' }),
    owner,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.ticketClosed,
  ],
  [
    'staff on their own closed ticket (they write as its owner)',
    state({ createdBy: 'staff-1', status: 'rejected' }),
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.ticketClosed,
  ],
];

describe('decideAddTicketUpdate refuses', () => {
  it.each(refusals)('%s', (_, given, caller, code, message) => {
    expect(decideAddTicketUpdate(given, request(), caller, NOW)).toEqual({
      isRefused: true,
      refusal: { code, message },
    });
  });

  it.each<[string, OperationCaller, AddTicketUpdateOperation['attachments'], Record<string, string>]>([
    [
      'staff attaching from the owner’s folder',
      staff,
      [ownerFile],
      { 'attachments.0.path': 'validation.filePath' },
    ],
    [
      'the owner attaching from the staff folder',
      owner,
      [ownerFile, staffFile],
      { 'attachments.1.path': 'validation.filePath' },
    ],
    [
      'a file of another ticket',
      staff,
      [file('ticket-updates/worker-1/t2/scan.pdf')],
      { 'attachments.0.path': 'validation.filePath' },
    ],
    [
      'a file in a sub-folder',
      staff,
      [file('ticket-updates/worker-1/t1/x/scan.pdf')],
      { 'attachments.0.path': 'validation.filePath' },
    ],
    [
      'a climb out of the folder',
      owner,
      [file('tickets/worker-1/t1/..')],
      { 'attachments.0.path': 'validation.filePath' },
    ],
  ])('%s', (_, caller, attachments, fields) => {
    expect(decideAddTicketUpdate(state(), request(attachments), caller, NOW)).toEqual({
      isRefused: true,
      refusal: { code: 'invalid-argument', message: 'Invalid update', fields },
    });
  });

  it('staff on their own ticket attaching from the staff folder (only the owner’s folder is theirs)', () => {
    const own = state({ createdBy: 'staff-1' });
    const files = [file('tickets/staff-1/t1/a.pdf'), file('ticket-updates/staff-1/t1/b.pdf')];
    expect(decideAddTicketUpdate(own, request(files), staff, NOW)).toEqual({
      isRefused: true,
      refusal: {
        code: 'invalid-argument',
        message: 'Invalid update',
        fields: { 'attachments.1.path': 'validation.filePath' },
      },
    });
  });
});

describe('decideAddTicketUpdate', () => {
  it.each<[string, AddTicketUpdateState, OperationCaller, AddTicketUpdateOperation['attachments'], boolean]>([
    ['staff on an open ticket', state(), staff, [staffFile], true],
    ['staff on a closed ticket', state({ status: 'resolved' }), staff, [], true],
    ['staff on a ticket already answered', state({ firstResponseAt: at }), staff, [], false],
    ['the owner on their open ticket', state({ status: 'new' }), owner, [ownerFile], false],
    ['the owner on a ticket of unknown status', state({ status: 'odd' }), owner, [], false],
    [
      'staff on their own open ticket, as its owner',
      state({ createdBy: 'staff-1', status: 'new' }),
      staff,
      [file('tickets/staff-1/t1/scan.pdf')],
      false,
    ],
  ])(
    'adds the update of %s (staff’s first answer recorded: %s)',
    (_, given, caller, attachments, answers) => {
      const by = { uid: caller.uid, name: caller.name };
      const firstAnswer = answers ? { firstResponseAt: at, firstResponseBy: by } : {};
      expect(activityOf(decideAddTicketUpdate(given, request(attachments), caller, NOW))).toEqual({
        isRefused: false,
        result: { ticketId: 't1', updateId: 'u1', isDuplicate: false },
        writes: [
          {
            type: 'create',
            path: 'tickets/t1/updates/u1',
            data: { text: 'Sent the form', by, at, attachments },
          },
          { type: 'update', path: 'tickets/t1', data: { lastUpdate: at, ...firstAnswer } },
        ],
        log: [
          {
            collection: 'tickets/t1/activity',
            data: { at, by, change: { type: 'field', field: 'update', from: null, to: 'Sent the form' } },
          },
        ],
        accountChanges: [],
        undo: [],
      });
    },
  );

  it('logs the first 80 characters of a long update', () => {
    const text = `${'ą'.repeat(79)}żółw`;
    const decision = decideAddTicketUpdate(state(), { ...request(), text }, staff, NOW);
    expect(decision.isRefused ? null : decision.log[0]?.data.change).toEqual({
      type: 'field',
      field: 'update',
      from: null,
      to: `${'ą'.repeat(79)}ż`,
    });
  });

  it.each<[string, AddTicketUpdateState]>([
    ['on an open ticket', state({}, true)],
    ['after the ticket was archived', state({ status: 'archived' }, true)],
  ])('answers a retry with its first update %s', (_, given) => {
    expect(decideAddTicketUpdate(given, request(), owner, NOW)).toMatchObject({
      isRefused: false,
      result: { ticketId: 't1', updateId: 'u1', isDuplicate: true },
      writes: [],
      log: [],
    });
  });
});
