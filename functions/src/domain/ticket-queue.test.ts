import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from './ticket-schemas.js';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketStatus } from './tickets.js';
import {
  COUNTED_STATUSES,
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_DESCRIPTION_CHARS,
  QUEUE_MAX_LIMIT,
  QUEUE_OPEN_STATUSES,
  QUEUE_PAGE_SIZE,
  QUEUE_STATUS_FILTERS,
  type QueueFilterSpec,
  type QueueIndexField,
  type TicketQueueRequest,
  OVERDUE_INDEX_FIELDS,
  allQueueQueryShapes,
  queueCountFilters,
  queueCounts,
  queueDescription,
  queueIndexFieldsOf,
  queueQueryShape,
  queueShapeKey,
} from './ticket-queue.js';
import { ticketQueueRequestSchema } from './ticket-queue-schemas.js';

const ME = 'u-me';
const SITE = 'Brf Sjöbris, Hammarby Sjöstad (block C)';

/** Field path -> first message key of a payload the schema must refuse. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (!result.success) return fieldMessages(result.error);
  throw new Error(`expected the schema to refuse ${JSON.stringify(input)}`);
}

/**
 * The filters a request must run, written out from the issue and the contract rather than from
 * the module: status first (open = new or inProgress), then the assignee, the category, the site.
 */
function expectedFilters(request: TicketQueueRequest): QueueFilterSpec[] {
  const filters: QueueFilterSpec[] = [];
  if (request.status === 'open') filters.push({ field: 'status', op: 'in', value: ['new', 'inProgress'] });
  if (request.status !== 'open' && request.status !== 'all') {
    filters.push({ field: 'status', op: '==', value: request.status });
  }
  if (request.assignee === 'unassigned') filters.push({ field: 'assigneeUid', op: '==', value: '' });
  if (request.assignee === 'mine') filters.push({ field: 'assigneeUid', op: '==', value: ME });
  if (request.category !== undefined) filters.push({ field: 'category', op: '==', value: request.category });
  if (request.site !== undefined) filters.push({ field: 'site', op: '==', value: request.site });
  return filters;
}

/** Every combination of the quick filters, with a few page sizes. */
function everyRequest(): TicketQueueRequest[] {
  const requests: TicketQueueRequest[] = [];
  for (const status of QUEUE_STATUS_FILTERS) {
    for (const assignee of QUEUE_ASSIGNEE_FILTERS) {
      for (const category of [undefined, ...TICKET_CATEGORIES.map((c) => c.id)]) {
        for (const site of [undefined, SITE]) {
          for (const limit of [1, QUEUE_PAGE_SIZE, QUEUE_MAX_LIMIT]) {
            requests.push({
              status,
              assignee,
              limit,
              ...(category ? { category } : {}),
              ...(site ? { site } : {}),
            });
          }
        }
      }
    }
  }
  return requests;
}

describe('the queue request', () => {
  it('asks by default for open tickets of anyone, one page', () => {
    expect(ticketQueueRequestSchema.parse({})).toEqual({
      status: 'open',
      assignee: 'any',
      limit: QUEUE_PAGE_SIZE,
    });
    expect(QUEUE_PAGE_SIZE).toBe(25);
  });

  it('treats new and inProgress as open (unknown is no stored value to ask for)', () => {
    expect(QUEUE_OPEN_STATUSES).toEqual(['new', 'inProgress']);
    expect(QUEUE_STATUS_FILTERS).not.toContain('unknown');
    expect(QUEUE_STATUS_FILTERS).toEqual([
      'open',
      'all',
      ...TICKET_STATUSES.filter((status) => status !== 'unknown'),
    ]);
  });

  it('takes every quick filter, trims the site and keeps the limit up to the maximum', () => {
    expect(
      ticketQueueRequestSchema.parse({
        status: 'paid',
        assignee: 'mine',
        category: 'presalary',
        site: `  ${SITE} `,
        limit: QUEUE_MAX_LIMIT,
      }),
    ).toEqual({ status: 'paid', assignee: 'mine', category: 'presalary', site: SITE, limit: 200 });
    expect(ticketQueueRequestSchema.parse({ assignee: 'unassigned', limit: 1 })).toMatchObject({
      assignee: 'unassigned',
      limit: 1,
    });
  });

  it.each([
    ['the unknown status', { status: 'unknown' }, { status: 'validation.invalid' }],
    ['a status outside the list', { status: 'closed' }, { status: 'validation.invalid' }],
    ['an assignee that is a uid', { assignee: 'u-foreman' }, { assignee: 'validation.invalid' }],
    ['an unknown category', { category: 'food' }, { category: 'validation.invalid' }],
    ['an empty site', { site: '' }, { site: 'validation.invalid' }],
    ['a blank site', { site: '   ' }, { site: 'validation.invalid' }],
    ['a site over 120 characters', { site: 'x'.repeat(121) }, { site: 'validation.invalid' }],
    ['a site that is a number', { site: 7 }, { site: 'validation.invalid' }],
    ['a zero limit', { limit: 0 }, { limit: 'validation.invalid' }],
    ['a limit above the maximum', { limit: QUEUE_MAX_LIMIT + 1 }, { limit: 'validation.invalid' }],
    ['a fractional limit', { limit: 2.5 }, { limit: 'validation.invalid' }],
    ['a limit as text', { limit: '25' }, { limit: 'validation.invalid' }],
    [
      'several bad fields at once',
      { status: 5, assignee: null, limit: -1 },
      { status: 'validation.invalid', assignee: 'validation.invalid', limit: 'validation.invalid' },
    ],
  ])('refuses %s with field keys', (_name, input, expected) => {
    expect(messagesOf(ticketQueueRequestSchema, input)).toEqual(expected);
  });
});

describe('queueQueryShape', () => {
  it('runs the filters of every combination, oldest first, one more than asked', () => {
    const requests = everyRequest();
    // open, all and nine statuses x three assignees x (none + nine categories) x site? x three limits
    expect(requests).toHaveLength(11 * 3 * 10 * 2 * 3);
    for (const request of requests) {
      expect(queueQueryShape(request, ME), JSON.stringify(request)).toEqual({
        filters: expectedFilters(request),
        orderBy: { field: 'createdAt', direction: 'asc' },
        limit: request.limit + 1,
      });
    }
  });

  it('filters the default request on the open statuses only', () => {
    expect(queueQueryShape(ticketQueueRequestSchema.parse({}), ME)).toEqual({
      filters: [{ field: 'status', op: 'in', value: ['new', 'inProgress'] }],
      orderBy: { field: 'createdAt', direction: 'asc' },
      limit: 26,
    });
  });

  it('counts under the assignee, category and site filters, never the status one', () => {
    for (const request of everyRequest()) {
      expect(queueCountFilters(request, ME), JSON.stringify(request)).toEqual(
        expectedFilters({ ...request, status: 'all' }),
      );
    }
    const filters = queueCountFilters(
      ticketQueueRequestSchema.parse({ status: 'new', assignee: 'mine', category: 'car', site: SITE }),
      ME,
    );
    expect(filters).toEqual([
      { field: 'assigneeUid', op: '==', value: ME },
      { field: 'category', op: '==', value: 'car' },
      { field: 'site', op: '==', value: SITE },
    ]);
    expect(filters.every((filter) => filter.op === '==')).toBe(true);
  });
});

describe('queueCounts', () => {
  it('has a count for every status, unknown being what the stored statuses leave', () => {
    const counts = queueCounts({ new: 3, inProgress: 2, archived: 1 }, 9);
    expect(Object.keys(counts).sort()).toEqual([...COUNTED_STATUSES].sort());
    expect(counts).toEqual({
      new: 3,
      inProgress: 2,
      resolved: 0,
      archived: 1,
      rejected: 0,
      paid: 0,
      sent: 0,
      noted: 0,
      other: 0,
      unknown: 3,
    } satisfies Record<TicketStatus, number>);
  });

  it('ignores a count given for unknown and never goes below zero', () => {
    expect(queueCounts({ new: 1, unknown: 40 }, 1).unknown).toBe(0);
    expect(queueCounts({ new: 5 }, 2).unknown).toBe(0);
    expect(queueCounts({}, 0)).toEqual(Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])));
  });
});

describe('queueDescription', () => {
  it('keeps a short description as it is and cuts a long one to 140 characters', () => {
    expect(QUEUE_DESCRIPTION_CHARS).toBe(140);
    expect(queueDescription('Broken heater in room 12')).toBe('Broken heater in room 12');
    expect(queueDescription('')).toBe('');
    const exact = 'x'.repeat(140);
    expect(queueDescription(exact)).toBe(exact);
    expect(queueDescription(`${exact}y`)).toBe(exact);
  });

  it('never cuts a character in two: surrogate pairs, emoji sequences, accents', () => {
    const head = 'a'.repeat(139);
    expect(queueDescription(`${head}😀😀`)).toBe(`${head}😀`);
    expect(queueDescription(`${head}👍🏽 done`)).toBe(`${head}👍🏽`);
    expect(queueDescription(`${head}👩‍🔧 fixed`)).toBe(`${head}👩‍🔧`);
    expect(queueDescription(`${head}e\u0301 more`)).toBe(`${head}e\u0301`);
    expect(queueDescription('Ż'.repeat(200))).toBe('Ż'.repeat(140));
  });
});

describe('queue indexes', () => {
  type IndexDefinition = { collectionGroup: string; queryScope: string; fields: QueueIndexField[] };
  const file = JSON.parse(
    readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8'),
  ) as { indexes: IndexDefinition[] };
  const ticketIndexes = file.indexes.filter(
    (index) => index.collectionGroup === 'tickets' && index.queryScope === 'COLLECTION',
  );
  const fieldsKey = (fields: QueueIndexField[]) => JSON.stringify(fields);
  const shapes = allQueueQueryShapes();

  it('enumerates all 24 shapes, of which only the unfiltered one needs no composite index', () => {
    // status (in | == | none) x assigneeUid? x category? x site?
    expect(shapes).toHaveLength(24);
    const unindexed = shapes.filter((shape) => queueIndexFieldsOf(shape) === null);
    expect(unindexed.map(queueShapeKey)).toEqual(['orderBy createdAt asc']);
    expect(shapes.map(queueShapeKey)).toContain(
      'status in, assigneeUid ==, category ==, site ==, orderBy createdAt asc',
    );
    expect(shapes.map(queueShapeKey)).toContain('site ==, orderBy createdAt asc');
  });

  it('writes each index field as the query uses it: in and equality ascending, createdAt last and ascending', () => {
    const shape = queueQueryShape(
      ticketQueueRequestSchema.parse({ assignee: 'unassigned', category: 'tools', site: SITE }),
      ME,
    );
    expect(queueIndexFieldsOf(shape)).toEqual([
      { fieldPath: 'status', order: 'ASCENDING' },
      { fieldPath: 'assigneeUid', order: 'ASCENDING' },
      { fieldPath: 'category', order: 'ASCENDING' },
      { fieldPath: 'site', order: 'ASCENDING' },
      { fieldPath: 'createdAt', order: 'ASCENDING' },
    ]);
    // One equality filter ordered by another field still needs a composite index.
    const single = queueQueryShape(ticketQueueRequestSchema.parse({ status: 'all', category: 'car' }), ME);
    expect(queueIndexFieldsOf(single)).toEqual([
      { fieldPath: 'category', order: 'ASCENDING' },
      { fieldPath: 'createdAt', order: 'ASCENDING' },
    ]);
  });

  it('finds an exact composite index in firestore.indexes.json for every queue shape', () => {
    const present = new Set(ticketIndexes.map((index) => fieldsKey(index.fields)));
    const needed = shapes
      .map((shape) => ({ shape: queueShapeKey(shape), fields: queueIndexFieldsOf(shape) }))
      .filter((entry): entry is { shape: string; fields: QueueIndexField[] } => entry.fields !== null);
    expect(needed).toHaveLength(23);
    expect(new Set(needed.map((entry) => fieldsKey(entry.fields))).size).toBe(15);
    // On failure this lists the index entries to add.
    expect(needed.filter((entry) => !present.has(fieldsKey(entry.fields)))).toEqual([]);
  });

  it('has the one composite index the overdue scan needs', () => {
    expect(ticketIndexes.map((index) => fieldsKey(index.fields))).toContain(fieldsKey(OVERDUE_INDEX_FIELDS));
  });

  it('lists no index twice', () => {
    const keys = file.indexes.map(
      (index) => `${index.collectionGroup} ${index.queryScope} ${fieldsKey(index.fields)}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
