import { describe, expect, it } from 'vitest';
import { AUTH_RULES } from './access.js';
import {
  type SafetyCandidate,
  type SafetyStatus,
  type SafetyStep,
  compareForQueue,
  median,
  medianAcknowledgeBySite,
  minutesBetween,
  safetyRecipients,
  sameSite,
  statusAfter,
  stepRefusal,
  submitSafetyReportSchema,
  urgencyRank,
} from './safety.js';

const people: SafetyCandidate[] = [
  { uid: 'worker-a', role: 'user', site: 'Kiruna Mine' },
  { uid: 'foreman-kiruna', role: 'foreman', site: 'Kiruna Mine' },
  { uid: 'foreman-kiruna-spaces', role: 'foreman', site: '  kiruna mine ' },
  { uid: 'foreman-lulea', role: 'foreman', site: 'Luleå Port' },
  { uid: 'foreman-nosite', role: 'foreman', site: null },
  {
    uid: 'foreman-handler',
    role: 'foreman',
    site: 'Luleå Port',
    assignedPermissions: ['HANDLE_SAFETY_REPORTS'],
  },
  { uid: 'manager', role: 'manager', site: null },
  { uid: 'manager-revoked', role: 'manager', site: null, revokedPermissions: ['HANDLE_SAFETY_REPORTS'] },
  { uid: 'manager-pl', role: 'manager_pl', site: null },
  { uid: 'admin', role: 'admin', site: 'Kiruna Mine' },
  { uid: 'admin-revoked', role: 'admin', site: null, revokedPermissions: ['HANDLE_SAFETY_REPORTS'] },
  { uid: 'foreman-disabled', role: 'foreman', site: 'Kiruna Mine', isDisabled: true },
];

const recipientsOf = (
  site: string,
  urgency: 'lifeThreatening' | 'serious' | 'minor',
  reporter = 'worker-a',
) =>
  Object.fromEntries(
    safetyRecipients({ site, urgency }, reporter, people, AUTH_RULES).map((r) => [r.uid, r.reasons]),
  );

describe('who is told of a safety report', () => {
  it.each([
    [
      'a minor hazard at Kiruna: its foremen and the handlers',
      'Kiruna Mine',
      'minor' as const,
      {
        'foreman-kiruna': ['siteForeman'],
        'foreman-kiruna-spaces': ['siteForeman'],
        'foreman-handler': ['handler'],
        manager: ['handler'],
        'manager-pl': ['handler'],
        admin: ['handler'],
      },
    ],
    [
      'a serious one at Luleå: its foremen (one is a handler too) and the handlers',
      'Luleå Port',
      'serious' as const,
      {
        'foreman-lulea': ['siteForeman'],
        'foreman-handler': ['siteForeman', 'handler'],
        manager: ['handler'],
        'manager-pl': ['handler'],
        admin: ['handler'],
      },
    ],
    [
      'danger to life at Kiruna: the admins too, even one whose handler permission is revoked',
      'Kiruna Mine',
      'lifeThreatening' as const,
      {
        'foreman-kiruna': ['siteForeman'],
        'foreman-kiruna-spaces': ['siteForeman'],
        'foreman-handler': ['handler'],
        manager: ['handler'],
        'manager-pl': ['handler'],
        admin: ['handler', 'admin'],
        'admin-revoked': ['admin'],
      },
    ],
    [
      'a site no foreman is on: the handlers only',
      'Nowhere Yard',
      'serious' as const,
      { 'foreman-handler': ['handler'], manager: ['handler'], 'manager-pl': ['handler'], admin: ['handler'] },
    ],
  ])('%s', (_name, site, urgency, expected) => {
    expect(recipientsOf(site, urgency)).toEqual(expected);
  });

  it('never tells the reporter, a disabled account or someone whose permission is revoked', () => {
    const told = recipientsOf('Kiruna Mine', 'serious', 'foreman-kiruna');
    expect(told).not.toHaveProperty('foreman-kiruna');
    expect(told).not.toHaveProperty('foreman-disabled');
    expect(told).not.toHaveProperty('manager-revoked');
    expect(told).not.toHaveProperty('worker-a');
  });

  it('matches site names ignoring case and outer spaces, and never an empty one', () => {
    expect(sameSite('Kiruna Mine', ' kiruna MINE ')).toBe(true);
    expect(sameSite('Luleå Port', 'LULEÅ PORT')).toBe(true);
    expect(sameSite('Kiruna Mine', 'Kiruna')).toBe(false);
    expect(sameSite('', '')).toBe(false);
    expect(sameSite(null, 'Kiruna Mine')).toBe(false);
  });
});

describe('the steps of a safety report', () => {
  const table: [SafetyStatus, SafetyStep, string | null, SafetyStatus][] = [
    ['open', 'acknowledge', null, 'acknowledged'],
    ['open', 'update', null, 'open'],
    ['open', 'madeSafe', null, 'madeSafe'],
    ['open', 'close', null, 'closed'],
    ['acknowledged', 'acknowledge', 'safety.errors.alreadyAcknowledged', 'acknowledged'],
    ['acknowledged', 'update', null, 'acknowledged'],
    ['acknowledged', 'madeSafe', null, 'madeSafe'],
    ['acknowledged', 'close', null, 'closed'],
    ['madeSafe', 'acknowledge', 'safety.errors.alreadyAcknowledged', 'madeSafe'],
    ['madeSafe', 'update', null, 'madeSafe'],
    ['madeSafe', 'madeSafe', 'safety.errors.alreadyMadeSafe', 'madeSafe'],
    ['madeSafe', 'close', null, 'closed'],
    ['closed', 'acknowledge', 'safety.errors.closed', 'closed'],
    ['closed', 'update', 'safety.errors.closed', 'closed'],
    ['closed', 'madeSafe', 'safety.errors.closed', 'closed'],
    ['closed', 'close', 'safety.errors.closed', 'closed'],
  ];
  it.each(table)('%s + %s: refused with %s, else %s', (status, step, refusal, after) => {
    expect(stepRefusal(status, step)).toBe(refusal);
    if (refusal === null) expect(statusAfter(status, step)).toBe(after);
  });
});

describe('time to acknowledge', () => {
  it('counts whole minutes, never below zero', () => {
    expect(minutesBetween(new Date('2026-11-29T10:42:00Z'), new Date('2026-11-29T10:44:29Z'))).toBe(2);
    expect(minutesBetween(new Date('2026-11-29T10:42:00Z'), new Date('2026-11-29T10:41:00Z'))).toBe(0);
  });

  it('takes the median, the middle two averaged for an even count', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 8])).toBe(6);
  });

  it('gives the median per site over the acknowledged reports, one site whatever its case', () => {
    expect(
      medianAcknowledgeBySite([
        { site: 'Kiruna Mine', minutesToAcknowledge: 2 },
        { site: 'kiruna mine ', minutesToAcknowledge: 10 },
        { site: 'Kiruna Mine', minutesToAcknowledge: 4 },
        { site: 'Luleå Port', minutesToAcknowledge: null },
        { site: 'Boden Depot', minutesToAcknowledge: 30 },
      ]),
    ).toEqual([
      { site: 'Boden Depot', medianMinutes: 30, reports: 1 },
      { site: 'Kiruna Mine', medianMinutes: 4, reports: 3 },
    ]);
  });
});

describe('the safety queue order', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));
  it('puts open reports first, then the most urgent, then the oldest', () => {
    const reports = [
      { id: 'closed-life', status: 'closed' as const, urgencyRank: 0, createdAt: at(0) },
      { id: 'ack-life', status: 'acknowledged' as const, urgencyRank: 0, createdAt: at(1) },
      { id: 'open-minor-old', status: 'open' as const, urgencyRank: 2, createdAt: at(2) },
      { id: 'open-life-new', status: 'open' as const, urgencyRank: 0, createdAt: at(9) },
      { id: 'open-life-old', status: 'open' as const, urgencyRank: 0, createdAt: at(3) },
      { id: 'open-serious', status: 'open' as const, urgencyRank: 1, createdAt: at(1) },
    ];
    expect([...reports].sort(compareForQueue).map((r) => r.id)).toEqual([
      'open-life-old',
      'open-life-new',
      'open-serious',
      'open-minor-old',
      'ack-life',
      'closed-life',
    ]);
  });

  it('ranks immediate danger to life first', () => {
    expect([urgencyRank('lifeThreatening'), urgencyRank('serious'), urgencyRank('minor')]).toEqual([0, 1, 2]);
  });
});

describe('a safety report as sent', () => {
  const valid = {
    requestId: '3f2b8c1e-9a4d-4f6b-8c2d-1e5f7a9b0c3d',
    kind: 'scaffold',
    type: 'hazard',
    urgency: 'serious',
    description: 'Loose planks on level 3',
    site: 'Kiruna Mine',
  };

  it('takes the minimum and fills the rest', () => {
    const parsed = submitSafetyReportSchema.parse(valid);
    expect(parsed).toMatchObject({ siteArea: '', location: null, photos: [], anonymous: false });
  });

  it.each([
    ['no description', { description: '   ' }, 'description', 'validation.required'],
    ['an unknown kind', { kind: 'ghosts' }, 'kind', 'validation.required'],
    ['an unknown urgency', { urgency: 'whenever' }, 'urgency', 'validation.required'],
    ['no site', { site: '' }, 'site', 'validation.required'],
    [
      'a latitude out of range',
      { location: { latitude: 91, longitude: 0, accuracyMeters: 5 } },
      'location.latitude',
      'validation.invalid',
    ],
    [
      'six photos',
      {
        photos: Array.from({ length: 6 }, (_, i) => ({
          name: `p${i}.jpg`,
          size: 1,
          contentType: 'image/jpeg',
          path: `x/${i}`,
        })),
      },
      'photos',
      'validation.maxFiles',
    ],
    ['too long a description', { description: 'x'.repeat(2001) }, 'description', 'validation.maxChars:2000'],
  ])('refuses %s', (_name, change, field, key) => {
    const result = submitSafetyReportSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join('.') === field);
    expect(issue?.message).toBe(key);
  });
});
