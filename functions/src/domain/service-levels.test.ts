import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_LEVELS,
  DEFAULT_TARGET_WORKING_DAYS,
  type OpenTicketLike,
  type ServiceLevels,
  addWorkingDays,
  answerDueDay,
  dayIn,
  daysOverdue,
  easterSunday,
  findDuplicateTicket,
  holidaysOf,
  isAnswerOverdue,
  isWorkingDay,
  percentile,
  polishHolidays,
  serviceLevelsSchema,
  targetWorkingDays,
  workingDaysBetween,
} from './service-levels.js';

const PL = DEFAULT_SERVICE_LEVELS;
const NONE: ServiceLevels = { ...DEFAULT_SERVICE_LEVELS, country: 'none' };
const levels = (overrides: Partial<ServiceLevels>): ServiceLevels => ({ ...PL, ...overrides });

/** Noon in Warsaw on a day, far from any midnight. */
const noonOf = (day: string) => new Date(`${day}T11:00:00Z`);

describe('Easter and Polish holidays', () => {
  it.each([
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'], // the latest possible date
    [2100, '2100-03-28'],
    [2285, '2285-03-22'], // the earliest possible date
  ])('Easter %i is on %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it('lists the 2026 holidays, Christmas Eve included, sorted', () => {
    expect(polishHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-05',
      '2026-04-06',
      '2026-05-01',
      '2026-05-03',
      '2026-05-24',
      '2026-06-04',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('has no Christmas Eve holiday before 2025 and moves the Easter days with Easter', () => {
    const holidays2024 = polishHolidays(2024);
    expect(holidays2024).toHaveLength(13);
    expect(holidays2024).not.toContain('2024-12-24');
    expect(holidays2024).toEqual(expect.arrayContaining(['2024-04-01', '2024-05-19', '2024-05-30']));
    expect(polishHolidays(2025)).toContain('2025-12-24');
  });

  it('adds the extra days of the year asked for, once, and only the extra days for "none"', () => {
    const extra = ['2025-12-31', '2026-12-24', '2026-12-31'];
    expect(holidaysOf(levels({ extraHolidays: extra }), 2026)).toEqual([
      ...polishHolidays(2026),
      '2026-12-31',
    ]);
    expect(holidaysOf({ ...NONE, extraHolidays: extra }, 2026)).toEqual(['2026-12-24', '2026-12-31']);
    expect(holidaysOf(NONE, 2026)).toEqual([]);
  });

  it.each([
    ['2026-11-27', PL, true], // Friday
    ['2026-11-28', PL, false], // Saturday
    ['2026-11-29', PL, false], // Sunday
    ['2026-04-06', PL, false], // Easter Monday
    ['2026-04-06', NONE, true],
    ['2026-06-04', PL, false], // Corpus Christi
    ['2026-05-01', PL, false],
    ['2026-11-11', PL, false],
    ['2027-01-06', PL, false], // Epiphany
    ['2024-12-24', PL, true], // before Christmas Eve became a holiday
    ['2025-12-24', PL, false],
    ['2026-12-30', levels({ extraHolidays: ['2026-12-30'] }), false],
  ])('%s is a working day: %s', (day, config, expected) => {
    expect(isWorkingDay(day, config)).toBe(expected);
  });

  it('refuses days that do not exist', () => {
    expect(() => isWorkingDay('2026-02-29', PL)).toThrow(RangeError);
    expect(() => addWorkingDays('27.11.2026', 1, PL)).toThrow(RangeError);
  });
});

describe('working days', () => {
  it.each([
    // weekends; the start day never counts
    ['2026-11-23', 2, PL, '2026-11-25'], // Monday -> Wednesday
    ['2026-11-24', 3, PL, '2026-11-27'], // Tuesday -> Friday
    ['2026-11-27', 1, PL, '2026-11-30'], // Friday -> Monday
    ['2026-11-28', 1, PL, '2026-11-30'], // Saturday -> Monday
    ['2026-11-29', 1, PL, '2026-11-30'], // Sunday -> Monday
    ['2026-11-01', 1, PL, '2026-11-02'], // a Sunday holiday
    // month ends
    ['2026-11-26', 3, PL, '2026-12-01'],
    ['2026-02-27', 1, PL, '2026-03-02'],
    ['2026-04-30', 1, PL, '2026-05-04'], // 1 May is a Friday
    // leap day
    ['2028-02-25', 2, PL, '2028-02-29'],
    ['2028-02-28', 1, PL, '2028-02-29'],
    ['2028-02-29', 1, PL, '2028-03-01'],
    // Easter Monday
    ['2026-04-02', 2, PL, '2026-04-07'],
    ['2026-04-03', 1, PL, '2026-04-07'],
    ['2026-04-06', 1, PL, '2026-04-07'], // starting on the holiday itself
    ['2027-03-26', 1, PL, '2027-03-30'],
    // Corpus Christi
    ['2026-06-03', 1, PL, '2026-06-05'],
    ['2026-06-03', 2, PL, '2026-06-08'],
    ['2027-05-26', 1, PL, '2027-05-28'],
    // 15 August, 11 November
    ['2025-08-14', 1, PL, '2025-08-18'],
    ['2025-11-10', 1, PL, '2025-11-12'],
    ['2026-11-10', 1, PL, '2026-11-12'],
    // Christmas: 24 December from 2025 on, not in 2024
    ['2024-12-23', 1, PL, '2024-12-24'],
    ['2024-12-23', 2, PL, '2024-12-27'],
    ['2025-12-23', 1, PL, '2025-12-29'],
    ['2026-12-23', 1, PL, '2026-12-28'],
    ['2026-12-22', 2, PL, '2026-12-28'],
    // year end, New Year, Epiphany
    ['2026-12-30', 1, PL, '2026-12-31'],
    ['2026-12-31', 1, PL, '2027-01-04'],
    ['2027-01-05', 1, PL, '2027-01-07'],
    ['2026-11-23', 30, PL, '2027-01-08'],
    // no country holidays
    ['2026-04-03', 1, NONE, '2026-04-06'],
    ['2026-12-23', 1, NONE, '2026-12-24'],
    ['2026-11-23', 30, NONE, '2027-01-04'],
    // extra holidays, only on their own day
    ['2026-12-23', 1, { ...NONE, extraHolidays: ['2026-12-24'] }, '2026-12-25'],
    ['2026-11-23', 1, levels({ extraHolidays: ['2026-11-24'] }), '2026-11-25'],
    ['2026-11-23', 1, levels({ extraHolidays: ['2027-11-24'] }), '2026-11-24'],
  ])('%s + %i working days = %s (%o)', (day, n, config, expected) => {
    expect(addWorkingDays(day, n, config)).toBe(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s working days', (n) => {
    expect(() => addWorkingDays('2026-11-23', n, PL)).toThrow(RangeError);
  });

  it.each([
    ['2026-11-23', '2026-11-25', PL, 2],
    ['2026-11-27', '2026-11-30', PL, 1],
    ['2026-11-28', '2026-11-29', PL, 0],
    ['2026-11-25', '2026-11-25', PL, 0],
    ['2026-11-25', '2026-11-23', PL, 0],
    ['2026-12-23', '2026-12-28', PL, 1],
    ['2026-12-23', '2026-12-28', NONE, 3],
    ['2025-12-31', '2026-12-31', PL, 253], // 261 weekdays, 8 of them holidays
  ])('from %s to %s there are %i working days (%o)', (from, to, config, expected) => {
    expect(workingDaysBetween(from, to, config)).toBe(expected);
  });

  it('counts back what addWorkingDays added', () => {
    for (const n of [1, 2, 5, 17, 30]) {
      expect(workingDaysBetween('2026-12-18', addWorkingDays('2026-12-18', n, PL), PL)).toBe(n);
    }
  });
});

describe('dayIn', () => {
  it.each([
    ['2026-11-29T22:59:59Z', '2026-11-29'],
    ['2026-11-29T23:30:00Z', '2026-11-30'], // after midnight in Warsaw (UTC+1)
    ['2026-12-31T23:00:00Z', '2027-01-01'],
    ['2026-07-15T21:59:59Z', '2026-07-15'],
    ['2026-07-15T22:30:00Z', '2026-07-16'], // summer time, UTC+2
    // spring change, 29 March 2026 at 01:00 UTC
    ['2026-03-28T22:59:59Z', '2026-03-28'],
    ['2026-03-28T23:00:00Z', '2026-03-29'],
    ['2026-03-29T01:30:00Z', '2026-03-29'], // already 03:30 in Warsaw
    ['2026-03-29T21:59:59Z', '2026-03-29'],
    ['2026-03-29T22:00:00Z', '2026-03-30'],
    // autumn change, 25 October 2026 at 01:00 UTC
    ['2026-10-24T21:59:59Z', '2026-10-24'],
    ['2026-10-24T22:00:00Z', '2026-10-25'],
    ['2026-10-25T22:59:59Z', '2026-10-25'],
    ['2026-10-25T23:00:00Z', '2026-10-26'],
  ])('%s is %s in Warsaw', (instant, day) => {
    expect(dayIn(new Date(instant))).toBe(day);
  });

  it.each([
    ['2026-11-29T23:30:00Z', 'UTC', '2026-11-29'],
    ['2026-11-29T23:30:00Z', 'America/New_York', '2026-11-29'],
    ['2026-11-29T16:00:00Z', 'Asia/Tokyo', '2026-11-30'],
  ])('%s is in %s on %s', (instant, zone, day) => {
    expect(dayIn(new Date(instant), zone)).toBe(day);
  });
});

describe('targets', () => {
  it.each([
    [PL, 'absences', 'sickLeave', 1],
    [PL, 'absences', 'vacation', 2],
    [PL, 'presalary', 'advance', 2],
    [PL, 'tools', 'order', 3],
    [PL, 'somethingNew', 'other', DEFAULT_TARGET_WORKING_DAYS],
    [PL, 'constructor', 'toString', DEFAULT_TARGET_WORKING_DAYS],
    [levels({ targets: { tools: 4, 'tools/repair': 5 } }), 'tools', 'repair', 5],
    [levels({ targets: { tools: 4, 'tools/repair': 5 } }), 'tools', 'order', 4],
    [levels({ targets: { 'tools/repair': 5 } }), 'tools', 'order', DEFAULT_TARGET_WORKING_DAYS],
    [levels({ targets: {} }), 'absences', 'sickLeave', DEFAULT_TARGET_WORKING_DAYS],
  ])('%o: %s/%s has %i working days', (config, category, subcategory, expected) => {
    expect(targetWorkingDays(config, category, subcategory)).toBe(expected);
  });
});

describe('answer due day', () => {
  it.each([
    // presalary: the target, then the next Tuesday or Thursday that is a working day
    ['presalary', 'advance', noonOf('2026-11-23'), PL, '2026-11-26'], // Mon -> Wed -> Thu
    ['presalary', 'advance', noonOf('2026-11-24'), PL, '2026-11-26'], // Tue -> Thu stays
    ['presalary', 'advance', noonOf('2026-11-27'), PL, '2026-12-01'], // Fri -> Tue stays
    ['presalary', 'advance', noonOf('2026-04-02'), PL, '2026-04-07'], // over Easter Monday
    ['presalary', 'advance', noonOf('2025-11-06'), PL, '2025-11-13'], // Tue 11 Nov is a holiday
    ['presalary', 'advance', noonOf('2029-12-27'), PL, '2030-01-03'], // Tue 1 Jan is a holiday
    ['presalary', 'advance', noonOf('2026-12-21'), PL, '2026-12-29'], // Thu 24 Dec is a holiday
    ['presalary', 'advance', noonOf('2026-12-21'), NONE, '2026-12-24'],
    ['presalary', 'advance', noonOf('2026-11-23'), levels({ extraHolidays: ['2026-11-26'] }), '2026-12-01'],
    // other categories are not moved
    ['salary', 'payslip', noonOf('2026-11-23'), PL, '2026-11-25'],
    ['absences', 'sickLeave', noonOf('2026-11-27'), PL, '2026-11-30'],
    ['tools', 'order', noonOf('2026-11-23'), PL, '2026-11-26'],
    ['tools', 'order', noonOf('2026-11-28'), PL, '2026-12-02'], // filed on a Saturday
    // the day is Warsaw's: 23:30 UTC on Sunday is Monday there
    ['salary', 'payslip', new Date('2026-11-29T23:30:00Z'), PL, '2026-12-02'],
  ])('%s/%s filed %o is due %o', (category, subcategory, createdAt, config, expected) => {
    expect(answerDueDay(createdAt, category, subcategory, config)).toBe(expected);
  });
});

describe('overdue', () => {
  const due = '2026-11-26';
  const later = new Date('2026-11-27T08:00:00Z');

  it.each([
    ['new, unanswered, past', { status: 'new' }, later, true],
    ['in progress, past', { status: 'inProgress' }, later, true],
    ['unknown status, past', { status: 'unknown' }, later, true],
    ['unreadable status, past (reads as unknown)', { status: 'garbled' }, later, true],
    ['first response null, past', { status: 'new', firstResponseAt: null }, later, true],
    ['answered', { status: 'inProgress', firstResponseAt: new Date('2026-11-25T09:00:00Z') }, later, false],
    ['resolved', { status: 'resolved' }, later, false],
    ['rejected', { status: 'rejected' }, later, false],
    ['archived', { status: 'archived' }, later, false],
    ['no due day', { status: 'new', answerDueDay: null }, later, false],
    ['due day missing', { status: 'new', answerDueDay: undefined }, later, false],
    ['on the due day, 23:59 in Warsaw', { status: 'new' }, new Date('2026-11-26T22:59:00Z'), false],
    ['the day after, 00:00 in Warsaw', { status: 'new' }, new Date('2026-11-26T23:00:00Z'), true],
    ['before the due day', { status: 'new' }, new Date('2026-11-24T12:00:00Z'), false],
  ])('%s: %s', (_name, fields, now, expected) => {
    expect(isAnswerOverdue({ answerDueDay: due, ...fields }, now)).toBe(expected);
  });

  it.each([
    ['2026-11-26', '2026-11-24T12:00:00Z', 0],
    ['2026-11-26', '2026-11-26T12:00:00Z', 0],
    ['2026-11-26', '2026-11-27T12:00:00Z', 1],
    ['2026-11-26', '2026-11-26T23:30:00Z', 1], // already the 27th in Warsaw
    ['2026-11-26', '2026-12-03T10:00:00Z', 7],
    ['2026-10-20', '2026-10-27T12:00:00Z', 7], // across the autumn clock change
    ['2026-12-31', '2027-01-02T12:00:00Z', 2],
  ])('due %s, now %s: %i days overdue', (dueDay, now, expected) => {
    expect(daysOverdue(dueDay, new Date(now))).toBe(expected);
  });
});

describe('percentile', () => {
  it.each([
    [[], 50, null],
    [[Number.NaN, Number.POSITIVE_INFINITY], 50, null],
    [[5], 50, 5],
    [[15, 20, 35, 40, 50], 0, 15],
    [[15, 20, 35, 40, 50], 30, 20],
    [[15, 20, 35, 40, 50], 40, 20],
    [[15, 20, 35, 40, 50], 50, 35],
    [[15, 20, 35, 40, 50], 100, 50],
    [[4, 1, 3, 2], 50, 2],
    [[4, 1, 3, 2], 75, 3],
    [[4, 1, 3, 2], 90, 4],
    [[10, 2, 33, Number.NaN], 100, 33],
    [[100, 9, 20], 0, 9], // compared as numbers, not as text
    [[100, 9, 20], 100, 100],
  ])('of %o at %i is %o', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('leaves the values as they were and refuses a percentile outside 0..100', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
    expect(() => percentile(values, 101)).toThrow(RangeError);
    expect(() => percentile(values, -1)).toThrow(RangeError);
    expect(() => percentile(values, Number.NaN)).toThrow(RangeError);
  });
});

describe('service levels schema', () => {
  // Each distinct (path, message) once: the day schema may report one bad day twice.
  const messagesOf = (value: unknown) => [
    ...new Set(
      serviceLevelsSchema
        .safeParse(value)
        .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) ?? [],
    ),
  ];

  it('accepts the defaults as they are', () => {
    expect(serviceLevelsSchema.parse(DEFAULT_SERVICE_LEVELS)).toEqual(DEFAULT_SERVICE_LEVELS);
  });

  it('sorts and deduplicates extra holidays, and drops bookkeeping fields', () => {
    const parsed = serviceLevelsSchema.parse({
      country: 'none',
      extraHolidays: ['2026-12-31', '2026-05-02', '2026-12-31'],
      targets: { 'workhours/correction': 1, 'absences/sickLeave': 30 },
      updatedBy: 'admin-1',
    });
    expect(parsed).toEqual({
      country: 'none',
      extraHolidays: ['2026-05-02', '2026-12-31'],
      targets: { 'workhours/correction': 1, 'absences/sickLeave': 30 },
    });
  });

  it.each([
    ['an unknown category', { targets: { tool: 2 } }, 'targets.tool', 'validation.invalid'],
    ['an unknown subcategory', { targets: { 'tools/fly': 2 } }, 'targets.tools/fly', 'validation.invalid'],
    ['an empty subcategory', { targets: { 'tools/': 2 } }, 'targets.tools/', 'validation.invalid'],
    ['too deep a key', { targets: { 'tools/order/x': 2 } }, 'targets.tools/order/x', 'validation.invalid'],
    ['0 days', { targets: { tools: 0 } }, 'targets.tools', 'validation.invalid'],
    ['31 days', { targets: { tools: 31 } }, 'targets.tools', 'validation.invalid'],
    ['half a day', { targets: { tools: 1.5 } }, 'targets.tools', 'validation.invalid'],
    ['days as text', { targets: { tools: '2' } }, 'targets.tools', 'validation.invalid'],
    ['no targets', { targets: undefined }, 'targets', 'validation.invalid'],
    ['a day that does not exist', { extraHolidays: ['2026-02-30'] }, 'extraHolidays.0', 'validation.date'],
    ['a day in another format', { extraHolidays: ['24.12.2026'] }, 'extraHolidays.0', 'validation.date'],
    [
      'more than 60 extra holidays',
      {
        extraHolidays: Array.from(
          { length: 61 },
          (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        ),
      },
      'extraHolidays',
      'validation.invalid',
    ],
    ['an unknown country', { country: 'DE' }, 'country', 'validation.invalid'],
  ])('refuses %s', (_name, change, path, message) => {
    expect(messagesOf({ ...DEFAULT_SERVICE_LEVELS, ...change })).toEqual([`${path} ${message}`]);
  });
});

describe('duplicate tickets', () => {
  const tickets: OpenTicketLike[] = [
    { id: 'a', category: 'tools', subcategory: 'order', status: 'resolved' },
    { id: 'b', category: 'tools', subcategory: 'order', status: 'inProgress' },
    { id: 'c', category: 'presalary', subcategory: 'advance', status: 'new', period: '2026-11-H2' },
    { id: 'd', category: 'salary', subcategory: 'payslip', status: 'unknown', period: '2026-11-H1' },
    { id: 'e', category: 'absences', subcategory: 'vacation', status: 'archived' },
    { id: 'f', category: 'clothes', subcategory: 'replacement', status: 'new', period: '2026-11-H1' },
    { id: 'g', category: 'tools', subcategory: 'order', status: 'new' },
    { id: 'h', category: 'presalary', subcategory: 'advance', status: 'paid', period: '2026-12-H1' },
  ];

  it.each([
    [
      'the first open one of the same category and subcategory',
      { category: 'tools', subcategory: 'order' },
      'b',
    ],
    ['nothing for another subcategory', { category: 'tools', subcategory: 'repair' }, null],
    ['nothing when the only one is archived', { category: 'absences', subcategory: 'vacation' }, null],
    [
      'a presalary of the same period',
      { category: 'presalary', subcategory: 'advance', period: '2026-11-H2' },
      'c',
    ],
    [
      'nothing for a presalary of another period',
      { category: 'presalary', subcategory: 'advance', period: '2026-12-H2' },
      null,
    ],
    [
      'nothing when that period is paid already',
      { category: 'presalary', subcategory: 'advance', period: '2026-12-H1' },
      null,
    ],
    ['any open presalary when no period is chosen', { category: 'presalary', subcategory: 'advance' }, 'c'],
    ['the same for a null period', { category: 'presalary', subcategory: 'advance', period: null }, 'c'],
    [
      'a salary ticket of an unknown status and the same period',
      { category: 'salary', subcategory: 'payslip', period: '2026-11-H1' },
      'd',
    ],
    [
      'nothing for a salary ticket of another period',
      { category: 'salary', subcategory: 'payslip', period: '2026-11-H2' },
      null,
    ],
    [
      'a ticket of another category whatever its period',
      { category: 'clothes', subcategory: 'replacement', period: '2026-12-H1' },
      'f',
    ],
  ])('finds %s', (_name, candidate, expectedId) => {
    expect(findDuplicateTicket(candidate, tickets)?.id ?? null).toBe(expectedId);
  });

  it('finds nothing in an empty list', () => {
    expect(findDuplicateTicket({ category: 'tools', subcategory: 'order' }, [])).toBeNull();
  });
});
