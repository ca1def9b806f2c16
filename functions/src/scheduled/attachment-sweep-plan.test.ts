import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_UPLOAD_GRACE_MS,
  bugReportFilesFolder,
  ticketFilesFolder,
  ticketUpdateFilesFolder,
} from '../domain/index.js';
import { safetyPhotosFolder } from '../domain/safety.js';
import {
  ATTACHMENT_PREFIXES,
  isPastGrace,
  ownerKey,
  ownerOfObject,
  settleDeclaration,
} from './attachment-sweep-plan.js';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-22T03:30:00.000Z');

describe('ownerOfObject', () => {
  it.each([
    [`${ticketFilesFolder('u1', 't1')}photo.jpg`, { kind: 'ticket', ticketId: 't1' }],
    [`${ticketUpdateFilesFolder('u1', 't1')}reply.pdf`, { kind: 'ticket', ticketId: 't1' }],
    [
      `${bugReportFilesFolder('u1', 'req-12345678')}screen.png`,
      { kind: 'bugReport', uid: 'u1', requestId: 'req-12345678' },
    ],
    ['tickets/u1/__reserved__/photo.jpg', { kind: 'nobody' }],
    [`tickets/u1/${'x'.repeat(1501)}/photo.jpg`, { kind: 'nobody' }],
    // A safety report's photos are moved out of their upload folder when it is made.
    [`${safetyPhotosFolder('u1', 'req-12345678')}photo.jpg`, { kind: 'nobody' }],
  ])('%s belongs to %j', (path, owner) => {
    expect(ownerOfObject(path)).toEqual(owner);
  });

  it.each([
    'tool-images/drill.svg',
    'elsewhere/u1/t1/photo.jpg',
    'tickets/u1/photo.jpg',
    'tickets/u1/t1/nested/photo.jpg',
    'tickets/u1/t1/',
    'tickets//t1/photo.jpg',
    'tickets/u1/../photo.jpg',
    'bug-reports/u1/req/..',
    'safetyReports/steps/r1/u1/made-safe.jpg',
    'safetyPhotos/r1/photo-1.jpg',
  ])('leaves %s alone', (path) => {
    expect(ownerOfObject(path)).toBeNull();
  });

  it('sweeps exactly the four upload folders', () => {
    expect(ATTACHMENT_PREFIXES).toEqual(['tickets/', 'ticket-updates/', 'bug-reports/', 'safetyReports/']);
  });

  it('gives the files of one ticket, in either folder, one owner key', () => {
    const keys = [`${ticketFilesFolder('u1', 't1')}a.jpg`, `${ticketUpdateFilesFolder('u1', 't1')}b.pdf`].map(
      (path) => ownerKey(ownerOfObject(path) ?? { kind: 'nobody' }),
    );
    expect(new Set(keys)).toEqual(new Set(['ticket/t1']));
  });
});

describe('isPastGrace', () => {
  it.each([
    [NOW - ATTACHMENT_UPLOAD_GRACE_MS - 1, true],
    [NOW - ATTACHMENT_UPLOAD_GRACE_MS, true],
    [NOW - ATTACHMENT_UPLOAD_GRACE_MS + 1, false],
    [NOW, false],
  ])('made at %d: %s', (createdAt, expected) => {
    expect(isPastGrace(createdAt, NOW)).toBe(expected);
  });

  it('waits 24 hours by default', () => {
    expect(ATTACHMENT_UPLOAD_GRACE_MS).toBe(24 * HOUR);
  });
});

describe('settleDeclaration', () => {
  const old = NOW - 25 * HOUR;
  const fresh = NOW - 23 * HOUR;

  it.each([
    ['nothing declared', { declared: 0, arrived: 0, createdAt: old }, null],
    ['still within the grace period', { declared: 2, arrived: 0, createdAt: fresh }, null],
    [
      'every declared file arrived: settled quietly',
      { declared: 2, arrived: 2, createdAt: old },
      { update: { declaredAttachments: 0 }, activity: null },
    ],
    [
      'more arrived than declared (added later): settled quietly',
      { declared: 1, arrived: 3, createdAt: old },
      { update: { declaredAttachments: 0 }, activity: null },
    ],
    [
      'one of three arrived: settled and logged',
      { declared: 3, arrived: 1, createdAt: old },
      { update: { declaredAttachments: 0 }, activity: { field: 'declaredAttachments', from: 3, to: 0 } },
    ],
    [
      'none arrived: settled and logged',
      { declared: 2, arrived: 0, createdAt: old },
      { update: { declaredAttachments: 0 }, activity: { field: 'declaredAttachments', from: 2, to: 0 } },
    ],
  ])('%s', (_case, ticket, expected) => {
    expect(settleDeclaration(ticket, NOW)).toEqual(expected);
  });

  it('takes another grace period when given one', () => {
    expect(settleDeclaration({ declared: 1, arrived: 0, createdAt: NOW - HOUR }, NOW, HOUR)).not.toBeNull();
    expect(settleDeclaration({ declared: 1, arrived: 0, createdAt: NOW - HOUR + 1 }, NOW, HOUR)).toBeNull();
  });
});
