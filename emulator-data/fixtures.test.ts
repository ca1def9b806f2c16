import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AUTH_RULES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  findCategory,
  hasPermission,
  isPermission,
  isRole,
  toTicketStatus,
  workerProfileSchema,
} from '../functions/src/domain/index.js';
import { followThroughFields, loadSeed, searchTokensFor } from './load.mjs';
import { isRelativeToken, resolveDate, resolveDay } from './relative-dates.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const TOOL_IMAGES_DIR = join(HERE, '..', 'web', 'public', 'tool-images');

type PersonRef = { uid: string; name: string };
type Account = {
  uid: string;
  email: string;
  password: string;
  role: string;
  disabled: boolean;
  workerId: string;
  name: string;
  assignedPermissions: string[];
  revokedPermissions: string[];
};
type Worker = Record<string, string> & { id: string; email: string; name: string };
type Tool = {
  id: string;
  name: string;
  image: string;
  unit: string;
  category: string;
  status: string;
  providedBy: string;
};
type Change = { type: 'created' } | { type: 'field'; field: string; from: unknown; to: unknown };
type Ticket = {
  id: string;
  number: string;
  category: string;
  subcategory: string;
  description: string;
  status: string;
  archived: boolean;
  createdAt: string;
  createdBy: string;
  submitter: { uid: string; name: string; email: string };
  assignedTo: PersonRef | null;
  lastUpdate: string;
  address?: string;
  carPlate?: string;
  details: Record<string, unknown>;
  items: { name: string; quantity: number; confirmed: boolean }[];
  attachments: unknown[];
  updates: { id: string; text: string; by: PersonRef; at: string; attachments: unknown[] }[];
  activity: { id: string; at: string; by: PersonRef; change: Change }[];
};

function fixture<T>(name: string): T[] {
  return JSON.parse(readFileSync(join(HERE, 'fixtures', name), 'utf8')) as T[];
}

const accounts = fixture<Account>('accounts.json');
const workers = fixture<Worker>('workers.json');
const tools = fixture<Tool>('tool-catalog.json');
const tickets = fixture<Ticket>('tickets.json');

/** A fixed "today" (local noon, so no time-zone edge) that every relative check uses. */
const TODAY = new Date(2026, 5, 15, 12, 0, 0);
const TODAY_DAY = '2026-06-15';
const IN_30_DAYS = '2026-07-15';
const CERTIFICATE_FIELDS = ['ssgExpiry', 'greenCardExpiry', 'hotWorkPermitExpiry'] as const;

/** A worker with its relative dates resolved against TODAY. */
function resolvedWorker(worker: Worker): Worker {
  return Object.fromEntries(
    Object.entries(worker).map(([key, value]) => [
      key,
      isRelativeToken(value) ? resolveDay(value, TODAY) : value,
    ]),
  ) as Worker;
}

const unique = <T>(values: T[]) => new Set(values).size === values.length;

describe('relative dates', () => {
  it('resolves day tokens against today', () => {
    expect(resolveDay('@+20d', TODAY)).toBe('2026-07-05');
    expect(resolveDay('@-15d', TODAY)).toBe('2026-05-31');
    expect(resolveDay('@0d', TODAY)).toBe(TODAY_DAY);
    expect(resolveDay('@-0d', TODAY)).toBe(TODAY_DAY);
    expect(resolveDay('@+1d', new Date(2026, 11, 31, 23, 30))).toBe('2027-01-01');
    expect(resolveDay('@-1d', new Date(2028, 2, 1, 0, 15))).toBe('2028-02-29');
  });
  it('keeps the time of day and moves by whole days', () => {
    const date = resolveDate('@-2d', TODAY);
    expect(date.getHours()).toBe(12);
    expect(TODAY.getTime() - date.getTime()).toBe(2 * 24 * 60 * 60 * 1000);
    expect(resolveDate('@+0d', TODAY).getTime()).toBe(TODAY.getTime());
    expect(resolveDate('@+1d', TODAY)).not.toBe(TODAY);
  });
  it('passes ISO strings through', () => {
    expect(resolveDay('2026-01-05', TODAY)).toBe('2026-01-05');
    expect(resolveDay('2026-01-05T08:30:00Z', TODAY)).toBe('2026-01-05');
    expect(resolveDate('2026-01-05T08:30:00Z', TODAY).toISOString()).toBe('2026-01-05T08:30:00.000Z');
  });
  it('rejects anything else', () => {
    for (const bad of ['soon', '@+2w', '@d', '31.12.2026', '', '2026-13-45']) {
      expect(() => resolveDay(bad, TODAY), bad).toThrow();
    }
    expect(isRelativeToken('@-3d')).toBe(true);
    expect(isRelativeToken('2026-01-05')).toBe(false);
    expect(isRelativeToken(3)).toBe(false);
  });
});

describe('accounts fixture', () => {
  const expected = [
    { uid: 'u-worker', email: 'worker@example.com', role: 'user', disabled: false, revoked: [] },
    {
      uid: 'u-worker2',
      email: 'worker2@example.com',
      role: 'user',
      disabled: false,
      revoked: ['SUBMIT_PRESALARY_TICKETS'],
    },
    { uid: 'u-foreman', email: 'foreman@example.com', role: 'foreman', disabled: false, revoked: [] },
    { uid: 'u-manager', email: 'manager@example.com', role: 'manager', disabled: false, revoked: [] },
    { uid: 'u-managerpl', email: 'managerpl@example.com', role: 'manager_pl', disabled: false, revoked: [] },
    { uid: 'u-admin', email: 'admin@example.com', role: 'admin', disabled: false, revoked: [] },
    { uid: 'u-disabled', email: 'disabled@example.com', role: 'user', disabled: true, revoked: [] },
  ];

  it('has exactly the seven demo accounts', () => {
    expect(accounts.map((a) => a.uid).sort()).toEqual(expected.map((e) => e.uid).sort());
    for (const e of expected) {
      const account = accounts.find((a) => a.uid === e.uid);
      expect(account, e.uid).toMatchObject({
        email: e.email,
        role: e.role,
        disabled: e.disabled,
        password: 'Demo-pass-1',
        revokedPermissions: e.revoked,
      });
    }
  });

  it('uses known roles and permissions and names every account', () => {
    for (const account of accounts) {
      expect(isRole(account.role), account.uid).toBe(true);
      expect(account.name.trim().length, account.uid).toBeGreaterThan(3);
      expect(account.email).toBe(account.email.toLowerCase());
      for (const p of [...account.assignedPermissions, ...account.revokedPermissions]) {
        expect(isPermission(p), `${account.uid} ${p}`).toBe(true);
      }
    }
  });

  it('links every account to the worker with the same e-mail', () => {
    for (const account of accounts) {
      const worker = workers.find((w) => w.id === account.workerId);
      expect(worker, account.uid).toBeDefined();
      expect(worker?.email).toBe(account.email);
      expect(worker?.name).toBe(account.name);
    }
    expect(unique(accounts.map((a) => a.workerId))).toBe(true);
  });
});

describe('workers fixture', () => {
  const schemaFields = Object.keys(workerProfileSchema.shape).sort();
  const linked = new Set(accounts.map((a) => a.workerId));
  const accountEmails = new Set(accounts.map((a) => a.email));

  it('has unique ids and lower-case, unique e-mails', () => {
    expect(unique(workers.map((w) => w.id))).toBe(true);
    expect(unique(workers.map((w) => w.email))).toBe(true);
    for (const worker of workers) expect(worker.email).toBe(worker.email.toLowerCase());
  });

  it('fills every schema field, and only schema fields, for every worker', () => {
    for (const worker of workers) {
      expect(Object.keys(worker).sort(), worker.id).toEqual(schemaFields);
      for (const [field, value] of Object.entries(worker)) {
        expect(value.trim(), `${worker.id}.${field}`).not.toBe('');
      }
    }
  });

  it('parses with the worker profile schema once relative dates are resolved', () => {
    for (const worker of workers) {
      const parsed = workerProfileSchema.safeParse(resolvedWorker(worker));
      expect(parsed.success, `${worker.id}: ${parsed.error?.message ?? ''}`).toBe(true);
    }
  });

  it('uses realistic identifier formats', () => {
    for (const worker of workers) {
      expect(worker.pesel, worker.id).toMatch(/^\d{11}$/);
      expect(worker.swedishPersonalNumber, worker.id).toMatch(/^\d{8}-\d{4}$/);
      expect(worker.bankAccount, worker.id).toMatch(/^PL\d{2}( \d{4}){6}$/);
    }
  });

  it('has at least three directory workers without an account, on unused example.com e-mails', () => {
    const directoryOnly = workers.filter((w) => !linked.has(w.id));
    expect(directoryOnly.length).toBeGreaterThanOrEqual(3);
    for (const worker of directoryOnly) {
      expect(worker.email).toMatch(/@example\.com$/);
      expect(accountEmails.has(worker.email), worker.id).toBe(false);
    }
  });

  it('gives worker@example.com an expired and an expiring-within-30-days certificate', () => {
    const worker = workers.find((w) => w.email === 'worker@example.com');
    expect(worker).toBeDefined();
    const days = CERTIFICATE_FIELDS.map((field) => resolveDay(worker?.[field] ?? '', TODAY));
    expect(days.some((day) => day < TODAY_DAY)).toBe(true);
    expect(days.some((day) => day >= TODAY_DAY && day <= IN_30_DAYS)).toBe(true);
  });

  it('mixes expired, expiring and long-valid certificates across workers', () => {
    const days = workers.flatMap((w) => CERTIFICATE_FIELDS.map((field) => resolveDay(w[field] ?? '', TODAY)));
    expect(days.filter((day) => day < TODAY_DAY).length).toBeGreaterThan(1);
    expect(days.filter((day) => day >= TODAY_DAY && day <= IN_30_DAYS).length).toBeGreaterThan(1);
    expect(days.filter((day) => day > '2027-01-01').length).toBeGreaterThan(1);
  });
});

describe('tool catalog fixture', () => {
  it('has at least twelve well-formed items', () => {
    expect(tools.length).toBeGreaterThanOrEqual(12);
    expect(unique(tools.map((t) => t.id))).toBe(true);
    for (const tool of tools) {
      expect(tool.name.trim(), tool.id).not.toBe('');
      expect(tool.unit.trim(), tool.id).not.toBe('');
      expect(tool.category.trim(), tool.id).not.toBe('');
      expect(['available', 'limited', 'unavailable'], tool.id).toContain(tool.status);
      expect(['client', 'company'], tool.id).toContain(tool.providedBy);
    }
  });

  it('points every item at a small, self-contained SVG under web/public/tool-images', () => {
    for (const tool of tools) {
      const match = /^\/tool-images\/([a-z0-9-]+\.svg)$/.exec(tool.image);
      expect(match, tool.id).not.toBeNull();
      const file = join(TOOL_IMAGES_DIR, match?.[1] ?? '');
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(1536);
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).toContain('viewBox="0 0 64 64"');
      expect(svg, file).not.toMatch(/<script|href=|on[a-z]+=/i);
    }
  });
});

describe('tickets fixture', () => {
  const accountByUid = new Map(accounts.map((a) => [a.uid, a]));

  it('has at least twenty tickets with unique ids and matching numbers', () => {
    expect(tickets.length).toBeGreaterThanOrEqual(20);
    expect(unique(tickets.map((t) => t.id))).toBe(true);
    for (const ticket of tickets) {
      expect(ticket.id).toMatch(/^t-\d{4}$/);
      expect(ticket.number).toBe(ticket.id.toUpperCase());
      expect(ticket.description.trim().length, ticket.id).toBeGreaterThan(20);
    }
  });

  it('covers every category and uses valid subcategories', () => {
    expect(new Set(tickets.map((t) => t.category))).toEqual(new Set(TICKET_CATEGORIES.map((c) => c.id)));
    for (const ticket of tickets) {
      expect(findCategory(ticket.category)?.subcategories, ticket.id).toContain(ticket.subcategory);
    }
  });

  it('covers every status but unknown, plus one stored value that reads as unknown', () => {
    const stored = new Set(tickets.map((t) => t.status));
    for (const status of TICKET_STATUSES.filter((s) => s !== 'unknown')) {
      expect(stored.has(status), status).toBe(true);
    }
    expect(stored.has('unknown')).toBe(false);
    expect(tickets.filter((t) => toTicketStatus(t.status) === 'unknown').length).toBe(1);
  });

  it('sets archived exactly for archived tickets', () => {
    for (const ticket of tickets) expect(ticket.archived, ticket.id).toBe(ticket.status === 'archived');
  });

  it('is submitted by demo accounts allowed to submit the category', () => {
    for (const ticket of tickets) {
      const submitter = accountByUid.get(ticket.createdBy);
      expect(submitter, ticket.id).toBeDefined();
      expect(ticket.submitter).toEqual({
        uid: submitter?.uid,
        name: submitter?.name,
        email: submitter?.email,
      });
      const category = findCategory(ticket.category);
      expect(category, ticket.id).toBeDefined();
      expect(category && hasPermission(submitter, category.submitPermission, AUTH_RULES), ticket.id).toBe(
        true,
      );
      if (category?.isSpecial) {
        expect(hasPermission(submitter, 'ACCESS_SPECIAL_CATEGORIES', AUTH_RULES), ticket.id).toBe(true);
      }
    }
    const counts = new Map<string, number>();
    for (const ticket of tickets) counts.set(ticket.createdBy, (counts.get(ticket.createdBy) ?? 0) + 1);
    expect((counts.get('u-worker') ?? 0) + (counts.get('u-worker2') ?? 0)).toBeGreaterThan(
      tickets.length / 2,
    );
  });

  it('starts every activity log with a created entry and chains status changes to the current status', () => {
    for (const ticket of tickets) {
      const [first, ...rest] = ticket.activity;
      expect(first?.change, ticket.id).toEqual({ type: 'created' });
      expect(first?.at, ticket.id).toBe(ticket.createdAt);
      expect(first?.by.uid, ticket.id).toBe(ticket.createdBy);
      let status = 'new';
      for (const entry of rest) {
        if (entry.change.type === 'field' && entry.change.field === 'status') {
          expect(entry.change.from, ticket.id).toBe(status);
          status = String(entry.change.to);
        }
      }
      expect(status, ticket.id).toBe(ticket.status);
      if (ticket.status !== 'new') {
        expect(ticket.assignedTo, ticket.id).not.toBeNull();
      }
      expect(unique(ticket.activity.map((a) => a.id)), ticket.id).toBe(true);
      expect(unique(ticket.updates.map((u) => u.id)), ticket.id).toBe(true);
    }
    expect(tickets.filter((t) => t.updates.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('uses relative timestamps in order: created, then events, lastUpdate the latest', () => {
    for (const ticket of tickets) {
      const created = resolveDate(ticket.createdAt, TODAY).getTime();
      const events = [...ticket.activity.map((a) => a.at), ...ticket.updates.map((u) => u.at)];
      for (const token of [ticket.createdAt, ticket.lastUpdate, ...events]) {
        expect(token, ticket.id).toMatch(/^@-\d+d$/);
      }
      const times = events.map((token) => resolveDate(token, TODAY).getTime());
      for (const time of times) expect(time, ticket.id).toBeGreaterThanOrEqual(created);
      expect(resolveDate(ticket.lastUpdate, TODAY).getTime(), ticket.id).toBe(Math.max(...times));
    }
  });

  it('carries the category-specific fields', () => {
    for (const ticket of tickets) {
      const { category, details } = ticket;
      expect(ticket.attachments, ticket.id).toEqual([]);
      if (category === 'clothes' || category === 'tools') {
        expect(ticket.items.length, ticket.id).toBeGreaterThan(0);
        for (const item of ticket.items) expect(item.quantity, ticket.id).toBeGreaterThan(0);
      } else {
        expect(ticket.items, ticket.id).toEqual([]);
      }
      if (category === 'accommodation') expect(ticket.address?.trim(), ticket.id).toBeTruthy();
      if (category === 'car') expect(ticket.carPlate?.trim(), ticket.id).toBeTruthy();
      if (category === 'presalary') {
        const amount = Number(details.amount);
        expect(amount).toBeGreaterThanOrEqual(100);
        expect(amount).toBeLessThanOrEqual(500);
        expect(details).toMatchObject({ currency: 'EUR', termsAccepted: true });
        expect(details.fee).toBeCloseTo(amount * 0.05, 2);
        expect(details.total).toBeCloseTo(amount * 1.05, 2);
        expect(details.period).toMatch(/^\d{4}-\d{2}-H[12]$/);
        expect(String(details.reason).trim()).not.toBe('');
      }
      if (category === 'absences') {
        expect(details.type, ticket.id).toBe(ticket.subcategory);
        const start = resolveDay(String(details.startDate), TODAY);
        const end = resolveDay(String(details.endDate), TODAY);
        expect(start <= end, ticket.id).toBe(true);
        expect(typeof details.hasMedicalCertificate).toBe('boolean');
      }
      if (category === 'receipts') {
        expect(Number(details.amount), ticket.id).toBeGreaterThan(0);
        expect(String(details.currency), ticket.id).toMatch(/^[A-Z]{3}$/);
      }
      if (category === 'salary') expect(details.period, ticket.id).toMatch(/^\d{4}-\d{2}-H[12]$/);
    }
  });
});

describe('loader', () => {
  const saved = {
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
  };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('refuses a project that is not demo-*', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:8080';
    await expect(loadSeed({ projectId: 'ticket-app-prod', log: () => {} })).rejects.toThrow(/demo-/);
  });

  it('refuses to run without both emulator hosts', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    delete process.env.FIRESTORE_EMULATOR_HOST;
    await expect(loadSeed({ projectId: 'demo-ticket-app', log: () => {} })).rejects.toThrow(
      /FIRESTORE_EMULATOR_HOST/,
    );
  });

  it('builds unique lower-case search tokens from the number and the description', () => {
    expect(searchTokensFor('T-0042', 'Drill is broken: the DRILL (Ø 10 mm) won’t start, a x')).toEqual([
      't-0042',
      '0042',
      'drill',
      'is',
      'broken',
      'the',
      '10',
      'mm',
      'won',
      'start',
    ]);
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    expect(searchTokensFor('T-0001', long)).toHaveLength(50);
  });
});

describe('the seed’s follow-through', () => {
  const TODAY = new Date(2026, 10, 25, 10, 0);
  const tickets = JSON.parse(readFileSync(join(HERE, 'fixtures', 'tickets.json'), 'utf8')) as Record<
    string,
    unknown
  >[];
  const fieldsOf = (id: string) => {
    const ticket = tickets.find((entry) => entry.id === id);
    if (!ticket) throw new Error(`no ${id}`);
    return followThroughFields(ticket as never, TODAY);
  };

  it('has open tickets past their answer day and unanswered, for the queue and the notifier', () => {
    const overdue = tickets.filter(
      (ticket) =>
        ticket.firstResponseAt === null &&
        typeof ticket.answerDueDay === 'string' &&
        resolveDay(ticket.answerDueDay, TODAY) < '2026-11-25',
    );
    expect(overdue.map((ticket) => ticket.id)).toEqual(['t-0007', 't-0018']);
    expect(fieldsOf('t-0007')).toEqual({ answerDueDay: '2026-11-24', firstResponseAt: null });
  });

  it('has answered tickets with their first answer and ratings of both kinds, for the dashboard', () => {
    const first = fieldsOf('t-0001');
    expect(first.answerDueDay).toBe('2026-11-07');
    expect((first.firstResponseAt as { toDate: () => Date }).toDate()).toEqual(resolveDate('@-18d', TODAY));
    expect(first.rating).toMatchObject({ value: 'up', status: 'sent' });
    const values = tickets.flatMap((ticket) => (ticket.rating as { value?: string })?.value ?? []);
    expect(new Set(values)).toEqual(new Set(['up', 'down']));
  });
});
