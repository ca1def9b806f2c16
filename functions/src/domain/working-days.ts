import { nextProcessingDay, type IsoDay } from './presalary.js';
import { isOpenStatus } from './ticket-workflow.js';
import { TICKET_CATEGORIES, type TicketCategoryId, toTicketStatus } from './tickets.js';

/*
 * How soon staff are expected to give a ticket its first answer, counted in working days (the
 * configuration's schema is in service-levels.ts, so the screens that only count days load no zod). Workers
 * see the target before they submit and the expected day on their ticket; staff see which tickets
 * are past it. Everything here is pure: the callables, the screens and the tests ask the same
 * questions, and days are plain `YYYY-MM-DD` strings so no time zone slips into the counting. The
 * only place a time zone enters is `dayIn`, which turns an instant into the day it is in Poland,
 * where the staff work.
 */

// --- configuration --------------------------------------------------------------------------

/** Whose public holidays count as days off: Poland's, or none (only weekends and extra days). */
export const SERVICE_LEVEL_COUNTRIES = ['PL', 'none'] as const;
export type ServiceLevelCountry = (typeof SERVICE_LEVEL_COUNTRIES)[number];

/**
 * The admins' configuration. `targets` maps a category id (`tools`) or `category/subcategory`
 * (`absences/sickLeave`) to whole working days. Read-only, so the shared defaults cannot be
 * changed by accident in a long-lived server instance.
 */
export type ServiceLevels = {
  readonly country: ServiceLevelCountry;
  readonly extraHolidays: readonly IsoDay[];
  readonly targets: Readonly<Record<string, number>>;
};

export const MIN_TARGET_WORKING_DAYS = 1;
export const MAX_TARGET_WORKING_DAYS = 30;
export const MAX_EXTRA_HOLIDAYS = 60;
/** The target of a category the configuration does not name. */
export const DEFAULT_TARGET_WORKING_DAYS = 3;

export const DEFAULT_SERVICE_LEVELS: ServiceLevels = Object.freeze({
  country: 'PL',
  extraHolidays: Object.freeze([]),
  targets: Object.freeze({
    presalary: 2,
    absences: 2,
    // A sick leave is about today or tomorrow, so it cannot wait as long as other absences.
    'absences/sickLeave': 1,
    clothes: 3,
    tools: 3,
    receipts: 3,
    car: 3,
    accommodation: 3,
    salary: 2,
    workhours: 2,
  }),
});

/** Whether a targets key names a known category, or a known subcategory as `category/subcategory`. */
export function isTargetKey(key: string): boolean {
  const [categoryId, subcategory, ...rest] = key.split('/');
  if (rest.length > 0) return false;
  const category = TICKET_CATEGORIES.find((candidate) => candidate.id === categoryId);
  if (!category) return false;
  return subcategory === undefined || (category.subcategories as readonly string[]).includes(subcategory);
}

/** The working days staff have for a first answer: the subcategory's target, else the category's. */
export function targetWorkingDays(levels: ServiceLevels, category: string, subcategory: string): number {
  // Own properties only: a category called `constructor` must not find Object's.
  const target = (key: string) => (Object.hasOwn(levels.targets, key) ? levels.targets[key] : undefined);
  return target(`${category}/${subcategory}`) ?? target(category) ?? DEFAULT_TARGET_WORKING_DAYS;
}

// --- calendar days ---------------------------------------------------------------------------

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

/** A day as midnight UTC, refusing anything that is not a real `YYYY-MM-DD` day. */
function toUtcDate(day: IsoDay): Date {
  const match = DAY_PATTERN.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || toIsoDay(date) !== day) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return date;
}

const toIsoDay = (date: Date): IsoDay =>
  `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

const addCalendarDays = (day: IsoDay, days: number): IsoDay =>
  toIsoDay(new Date(toUtcDate(day).getTime() + days * MS_PER_DAY));

// --- holidays --------------------------------------------------------------------------------

/** Easter Sunday of a Gregorian year (the anonymous Meeus/Jones/Butcher computus). */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(date)}`;
}

/** Christmas Eve became a public holiday in Poland in 2025. */
const CHRISTMAS_EVE_FROM_YEAR = 2025;

/** Polish public holidays of a year, sorted. Pentecost and Easter fall on Sundays but are listed all the same. */
export function polishHolidays(year: number): IsoDay[] {
  const easter = easterSunday(year);
  const fixed = ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'];
  if (year >= CHRISTMAS_EVE_FROM_YEAR) fixed.push('12-24');
  return [
    ...fixed.map((monthDay) => `${year}-${monthDay}`),
    easter,
    addCalendarDays(easter, 1), // Easter Monday
    addCalendarDays(easter, 49), // Pentecost Sunday
    addCalendarDays(easter, 60), // Corpus Christi
  ].sort();
}

/** The days off of a year under this configuration: the country's holidays and the extra days. */
export function holidaysOf(levels: ServiceLevels, year: number): IsoDay[] {
  const country = levels.country === 'PL' ? polishHolidays(year) : [];
  const extra = levels.extraHolidays.filter((day) => day.startsWith(`${year}-`));
  return [...new Set([...country, ...extra])].sort();
}

/** Monday to Friday and not a holiday. */
export function isWorkingDay(day: IsoDay, levels: ServiceLevels): boolean {
  const date = toUtcDate(day);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(levels, date.getUTCFullYear()).includes(day);
}

// --- instants and days -----------------------------------------------------------------------

/** Staff work in Poland, so a ticket's day is the day it is there. */
export const SERVICE_LEVEL_TIME_ZONE = 'Europe/Warsaw';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day an instant falls on in a time zone. The zone's rules (daylight saving time
 * included) come from Intl, never from a fixed offset.
 */
export function dayIn(instant: Date, timeZone: string = SERVICE_LEVEL_TIME_ZONE): IsoDay {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  // Parts rather than the formatted text: the text's layout depends on the locale data installed.
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

// --- working days ------------------------------------------------------------------------------

/**
 * The n-th working day after `day` (n >= 1). `day` itself never counts, working day or not: a
 * ticket filed during a working day has not had that whole day.
 */
export function addWorkingDays(day: IsoDay, n: number, levels: ServiceLevels): IsoDay {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`working days must be a whole number >= 1: ${n}`);
  let cursor = day;
  let left = n;
  while (left > 0) {
    cursor = addCalendarDays(cursor, 1);
    if (isWorkingDay(cursor, levels)) left -= 1;
  }
  return cursor;
}

/** Working days after `from` up to and including `to`; 0 when `to` is not after `from`. */
export function workingDaysBetween(from: IsoDay, to: IsoDay, levels: ServiceLevels): number {
  toUtcDate(from);
  toUtcDate(to);
  let count = 0;
  for (let cursor = addCalendarDays(from, 1); cursor <= to; cursor = addCalendarDays(cursor, 1)) {
    if (isWorkingDay(cursor, levels)) count += 1;
  }
  return count;
}

/** Categories handled on processing days only (PRESALARY.PROCESSING_WEEKDAYS, via nextProcessingDay). */
const PROCESSING_DAY_CATEGORIES = ['presalary'] as const satisfies readonly TicketCategoryId[];

/**
 * The day by which a ticket filed at `createdAt` should have its first answer. Presalary requests
 * are processed on Tuesdays and Thursdays only, so their day moves on to the next such day that
 * is also a working day.
 */
export function answerDueDay(
  createdAt: Date,
  category: string,
  subcategory: string,
  levels: ServiceLevels,
): IsoDay {
  const due = addWorkingDays(dayIn(createdAt), targetWorkingDays(levels, category, subcategory), levels);
  if (!(PROCESSING_DAY_CATEGORIES as readonly string[]).includes(category)) return due;
  // Ends: only finitely many days of a year are holidays, and each step moves forward.
  let processing = nextProcessingDay(due);
  while (!isWorkingDay(processing, levels)) processing = nextProcessingDay(addCalendarDays(processing, 1));
  return processing;
}

// --- overdue ---------------------------------------------------------------------------------

/** The parts of a ticket that decide whether its first answer is late. */
export type AnswerDueTicket = {
  answerDueDay?: IsoDay | null;
  firstResponseAt?: unknown;
  status: string;
};

/**
 * Whether a ticket still waits for its first answer after its due day has passed (in Warsaw).
 * A status outside the known list reads as `unknown`, which is open, as everywhere else.
 */
export function isAnswerOverdue(ticket: AnswerDueTicket, now: Date): boolean {
  if (!ticket.answerDueDay) return false;
  if (ticket.firstResponseAt !== null && ticket.firstResponseAt !== undefined) return false;
  if (!isOpenStatus(toTicketStatus(ticket.status))) return false;
  return dayIn(now) > ticket.answerDueDay;
}

/** Calendar days from the due day to today (Warsaw); 0 when the due day is today or later. */
export function daysOverdue(dueDay: IsoDay, now: Date): number {
  const days = Math.round((toUtcDate(dayIn(now)).getTime() - toUtcDate(dueDay).getTime()) / MS_PER_DAY);
  return Math.max(0, days);
}

// --- dashboard figures -------------------------------------------------------------------------

/**
 * The nearest-rank percentile (`p` from 0 to 100) of some values: the smallest value that at
 * least p % of them do not exceed. Null when there is no value; values that are not finite
 * numbers are left out, so one broken record does not bend the figure.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be from 0 to 100: ${p}`);
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

// --- duplicates --------------------------------------------------------------------------------

/** The parts of an existing ticket that decide whether a new request repeats it. */
export type OpenTicketLike = {
  id: string;
  number?: string;
  category: string;
  subcategory: string;
  status: string;
  period?: string | null;
};

/**
 * Categories whose requests are about one salary period: a request for another period is a new
 * request, not a repeat.
 */
export const DUPLICATE_PERIOD_CATEGORIES = [
  'salary',
  'presalary',
] as const satisfies readonly TicketCategoryId[];

/**
 * The first open ticket (new, inProgress or unknown) the candidate would repeat: same category and
 * subcategory, and for salary and presalary the same period. A candidate without a period (not
 * chosen yet) matches any period; a ticket without one matches only such a candidate.
 */
export function findDuplicateTicket(
  candidate: { category: string; subcategory: string; period?: string | null },
  tickets: readonly OpenTicketLike[],
): OpenTicketLike | null {
  const periodMatters = (DUPLICATE_PERIOD_CATEGORIES as readonly string[]).includes(candidate.category);
  const candidatePeriod = candidate.period || null;
  return (
    tickets.find(
      (ticket) =>
        ticket.category === candidate.category &&
        ticket.subcategory === candidate.subcategory &&
        isOpenStatus(toTicketStatus(ticket.status)) &&
        (!periodMatters || candidatePeriod === null || (ticket.period || null) === candidatePeriod),
    ) ?? null
  );
}
