import { describe, expect, it } from 'vitest';
import type { StoredSafetyReport, SubmitSafetyReportRequest } from '../safety.js';
import type { OperationCaller } from './decision.js';
import {
  type SafetyReportStepState,
  type SubmitSafetyReportState,
  decideSafetyReportStep,
  decideSubmitSafetyReport,
} from './safety-report.js';

const NOW = Date.UTC(2026, 10, 29, 10, 42);
const REQUEST_ID = '3f2b8c1e-9a4d-4f6b-8c2d-1e5f7a9b0c3d';

const request = (change: Partial<SubmitSafetyReportRequest> = {}): SubmitSafetyReportRequest => ({
  requestId: REQUEST_ID,
  kind: 'scaffold',
  type: 'hazard',
  urgency: 'serious',
  description: 'Loose planks on level 3',
  site: 'Kiruna Mine',
  siteArea: 'Level 3, east stairs',
  location: null,
  photos: [],
  anonymous: false,
  ...change,
});

const submitState = (change: Partial<SubmitSafetyReportState> = {}): SubmitSafetyReportState => ({
  reportId: 'sr-1',
  earlier: null,
  reporter: { uid: 'u-worker', name: 'Jan Kowalski', email: 'jan@example.com' },
  recipients: [
    { uid: 'u-foreman', reasons: ['siteForeman'] },
    { uid: 'u-manager', reasons: ['handler'] },
  ],
  ...change,
});

const writeAt = (decision: ReturnType<typeof decideSubmitSafetyReport>, path: string) =>
  decision.isRefused ? undefined : decision.writes.find((write) => write.path === path);

describe('decideSubmitSafetyReport', () => {
  it('writes the report, who made it, their copy, the first entry and one notification per recipient', () => {
    const decision = decideSubmitSafetyReport(submitState(), request(), NOW);
    if (decision.isRefused) throw new Error('refused');
    expect(decision.result).toEqual({
      reportId: 'sr-1',
      reportedAt: '2026-11-29T10:42:00.000Z',
      notifiedCount: 2,
      isDuplicate: false,
    });
    expect(decision.writes.map((write) => [write.type, write.path])).toEqual([
      ['create', 'safetyReports/sr-1'],
      ['create', 'safetyReports/sr-1/private/reporter'],
      ['create', 'users/u-worker/safetyReports/sr-1'],
    ]);
    const report = writeAt(decision, 'safetyReports/sr-1');
    expect(report?.type === 'create' && report.data).toMatchObject({
      reporter: { uid: 'u-worker', name: 'Jan Kowalski' },
      readers: ['u-foreman', 'u-manager'],
      status: 'open',
      urgencyRank: 1,
      notifiedCount: 2,
    });
    const copy = writeAt(decision, 'users/u-worker/safetyReports/sr-1');
    expect(copy?.type === 'create' && copy.data).not.toHaveProperty('readers');
    const notifications = decision.log.filter((entry) => entry.collection === 'notifications');
    expect(notifications.map((entry) => entry.data)).toEqual([
      expect.objectContaining({
        recipient: 'u-foreman',
        safetyReportId: 'sr-1',
        kind: 'safetyReported',
        values: { hazard: 'scaffold', urgency: 'serious', site: 'Kiruna Mine' },
      }),
      expect.objectContaining({ recipient: 'u-manager', safetyReportId: 'sr-1' }),
    ]);
    expect(notifications[0]?.data).not.toHaveProperty('ticketId');
  });

  it('leaves the reporter out of an anonymous report, but keeps who made it apart and their copy', () => {
    const decision = decideSubmitSafetyReport(submitState(), request({ anonymous: true }), NOW);
    if (decision.isRefused) throw new Error('refused');
    const report = writeAt(decision, 'safetyReports/sr-1');
    expect(report?.type === 'create' && Object.keys(report.data)).not.toContain('reporter');
    expect(writeAt(decision, 'safetyReports/sr-1/private/reporter')).toMatchObject({
      data: { uid: 'u-worker', name: 'Jan Kowalski', email: 'jan@example.com' },
    });
    expect(writeAt(decision, 'users/u-worker/safetyReports/sr-1')).toBeDefined();
    const entry = decision.log.find((item) => item.collection === 'safetyReports/sr-1/activity');
    expect(entry?.data.by).toBeNull();
  });

  it('answers a retry with the first report and writes nothing', () => {
    const decision = decideSubmitSafetyReport(
      submitState({ earlier: { createdAt: new Date(NOW - 60_000), notifiedCount: 4 } }),
      request(),
      NOW,
    );
    expect(decision).toMatchObject({
      isRefused: false,
      writes: [],
      log: [],
      result: {
        reportId: 'sr-1',
        notifiedCount: 4,
        isDuplicate: true,
        reportedAt: '2026-11-29T10:41:00.000Z',
      },
    });
  });

  it('refuses a photo outside the reporter’s folder of this request', () => {
    const photo = (path: string) => ({ name: 'p.jpg', size: 100, contentType: 'image/jpeg', path });
    const decision = decideSubmitSafetyReport(
      submitState(),
      request({
        photos: [
          photo(`safetyReports/u-worker/${REQUEST_ID}/a.jpg`),
          photo(`safetyReports/u-other/${REQUEST_ID}/b.jpg`),
          photo(`safetyReports/u-worker/${REQUEST_ID}/../x/c.jpg`),
        ],
      }),
      NOW,
    );
    expect(decision).toMatchObject({
      isRefused: true,
      refusal: {
        code: 'invalid-argument',
        fields: { 'photos.1.path': 'validation.filePath', 'photos.2.path': 'validation.filePath' },
      },
    });
  });
});

const CREATED = new Date(NOW - 7 * 60_000);
const report = (change: Partial<StoredSafetyReport> = {}): StoredSafetyReport => ({
  id: 'sr-1',
  kind: 'scaffold',
  type: 'hazard',
  urgency: 'serious',
  urgencyRank: 1,
  description: 'Loose planks',
  site: 'Kiruna Mine',
  siteArea: '',
  location: null,
  photos: [],
  anonymous: false,
  reporter: { uid: 'u-worker', name: 'Jan Kowalski' },
  status: 'open',
  readers: ['u-manager'],
  notifiedCount: 1,
  createdAt: CREATED,
  updatedAt: CREATED,
  acknowledgedAt: null,
  acknowledgedBy: null,
  madeSafeAt: null,
  madeSafeBy: null,
  madeSafeText: null,
  closedAt: null,
  closedBy: null,
  minutesToAcknowledge: null,
  ...change,
});

const manager: OperationCaller = { uid: 'u-manager', email: 'm@example.com', name: 'Marta', role: 'manager' };
const stepState = (change: Partial<SafetyReportStepState> = {}): SafetyReportStepState => ({
  report: report(),
  reporterUid: 'u-worker',
  entryId: 'e-1',
  hasEarlierStep: false,
  isHandler: true,
  ...change,
});
const step = (kind: 'acknowledge' | 'update' | 'madeSafe' | 'close', text = '') => ({
  reportId: 'sr-1',
  step: kind,
  text,
  photos: [],
});

describe('decideSafetyReportStep', () => {
  it('acknowledges: the report and the reporter’s copy, the minutes it took, an entry, the reporter told', () => {
    const decision = decideSafetyReportStep(stepState(), step('acknowledge'), manager, NOW);
    if (decision.isRefused) throw new Error('refused');
    expect(decision.result).toEqual({ reportId: 'sr-1', status: 'acknowledged', isDuplicate: false });
    const patch = {
      status: 'acknowledged',
      acknowledgedAt: new Date(NOW),
      acknowledgedBy: { uid: 'u-manager', name: 'Marta', role: 'manager' },
      minutesToAcknowledge: 7,
    };
    expect(decision.writes).toEqual([
      expect.objectContaining({ type: 'create', path: 'safetyReports/sr-1/activity/e-1' }),
      { type: 'update', path: 'safetyReports/sr-1', data: expect.objectContaining(patch) },
      {
        type: 'set',
        path: 'users/u-worker/safetyReports/sr-1',
        merge: true,
        data: expect.objectContaining(patch),
      },
    ]);
    expect(decision.log).toEqual([
      expect.objectContaining({
        collection: 'notifications',
        data: expect.objectContaining({
          recipient: 'u-worker',
          kind: 'safetyAcknowledged',
          values: { by: 'Marta' },
        }),
      }),
    ]);
  });

  it('made safe straight from open acknowledges too; from acknowledged it keeps the first acknowledgement', () => {
    const fromOpen = decideSafetyReportStep(
      stepState(),
      step('madeSafe', 'Planks nailed down'),
      manager,
      NOW,
    );
    if (fromOpen.isRefused) throw new Error('refused');
    expect(fromOpen.writes[1]?.type === 'update' && fromOpen.writes[1].data).toMatchObject({
      status: 'madeSafe',
      madeSafeText: 'Planks nailed down',
      minutesToAcknowledge: 7,
    });
    const acknowledged = report({
      status: 'acknowledged',
      acknowledgedAt: new Date(NOW - 60_000),
      minutesToAcknowledge: 6,
    });
    const later = decideSafetyReportStep(
      stepState({ report: acknowledged }),
      step('madeSafe', 'Done'),
      manager,
      NOW,
    );
    if (later.isRefused) throw new Error('refused');
    expect(later.writes[1]?.type === 'update' && later.writes[1].data).not.toHaveProperty(
      'minutesToAcknowledge',
    );
  });

  it('keeps the made-safe photo on the report and the reporter’s copy, for them to see', () => {
    const photo = {
      name: 'after.jpg',
      size: 120_000,
      contentType: 'image/jpeg',
      path: 'safetyReports/steps/sr-1/u-manager/after.jpg',
    };
    const decision = decideSafetyReportStep(
      stepState(),
      { ...step('madeSafe', 'Barrier put up'), photos: [photo] },
      manager,
      NOW,
    );
    if (decision.isRefused) throw new Error('refused');
    const [, onReport, onCopy] = decision.writes;
    expect(onReport?.type === 'update' && onReport.data.madeSafePhotos).toEqual([photo]);
    expect(onCopy?.type === 'set' && onCopy.data.madeSafePhotos).toEqual([photo]);
    // An update's photo stays in the activity log only.
    const update = decideSafetyReportStep(
      stepState(),
      { ...step('update', 'Fence ordered'), photos: [photo] },
      manager,
      NOW,
    );
    if (update.isRefused) throw new Error('refused');
    expect(update.writes[1]?.type === 'update' && update.writes[1].data).not.toHaveProperty('madeSafePhotos');
  });

  it.each([
    [
      'a missing report',
      stepState({ report: null }),
      step('acknowledge'),
      'not-found',
      'safety.errors.notFound',
    ],
    [
      'a caller who is no handler',
      stepState({ isHandler: false }),
      step('acknowledge'),
      'permission-denied',
      'safety.errors.forbidden',
    ],
    [
      'a second acknowledgement',
      stepState({ report: report({ status: 'acknowledged' }) }),
      step('acknowledge'),
      'failed-precondition',
      'safety.errors.alreadyAcknowledged',
    ],
    [
      'a step on a closed report',
      stepState({ report: report({ status: 'closed' }) }),
      step('update', 'x'),
      'failed-precondition',
      'safety.errors.closed',
    ],
    [
      'an update without a text',
      stepState(),
      step('update'),
      'invalid-argument',
      'Invalid safety report step',
    ],
    [
      'made safe without saying what was done',
      stepState(),
      step('madeSafe'),
      'invalid-argument',
      'Invalid safety report step',
    ],
  ] as const)('refuses %s', (_name, state, input, code, message) => {
    expect(decideSafetyReportStep(state, input, manager, NOW)).toMatchObject({
      isRefused: true,
      refusal: { code, message },
    });
  });

  it('answers a retry of the same step with the report as it is, writing nothing', () => {
    const decision = decideSafetyReportStep(
      stepState({ hasEarlierStep: true, report: report({ status: 'acknowledged' }) }),
      step('acknowledge'),
      manager,
      NOW,
    );
    expect(decision).toMatchObject({
      isRefused: false,
      writes: [],
      log: [],
      result: { isDuplicate: true, status: 'acknowledged' },
    });
  });

  it('tells nobody of a step on an anonymous report, but keeps the reporter’s copy in step', () => {
    const decision = decideSafetyReportStep(
      stepState({ report: report({ anonymous: true, reporter: undefined }) }),
      step('close', 'False alarm'),
      manager,
      NOW,
    );
    if (decision.isRefused) throw new Error('refused');
    expect(decision.log).toEqual([]);
    expect(decision.writes.map((write) => write.path)).toContain('users/u-worker/safetyReports/sr-1');
  });

  it('refuses a handler’s photo outside their step folder of this report', () => {
    const decision = decideSafetyReportStep(
      stepState(),
      {
        ...step('madeSafe', 'Fixed'),
        photos: [
          {
            name: 'a.jpg',
            size: 1,
            contentType: 'image/jpeg',
            path: 'safetyReports/steps/sr-2/u-manager/a.jpg',
          },
        ],
      },
      manager,
      NOW,
    );
    expect(decision).toMatchObject({
      isRefused: true,
      refusal: { fields: { 'photos.0.path': 'validation.filePath' } },
    });
  });
});
