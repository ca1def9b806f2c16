import { PRESALARY } from './constants.js';

/** A calendar day as `YYYY-MM-DD`; days are compared as dates, never through time zones. */
export type IsoDay = string;

/** Salary periods: the first half of a month (1-15) or the second half (16 to the last day). */
export type SalaryPeriodHalf = 'H1' | 'H2';
/** A salary period id, e.g. `2026-11-H2`. */
export type SalaryPeriodId = `${number}-${string}-${SalaryPeriodHalf}`;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const PERIOD_PATTERN = /^(\d{4})-(\d{2})-(H1|H2)$/;

function parseDay(day: IsoDay): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) {
    throw new RangeError(`no such day: ${day}`);
  }
  return { year, month, date };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Days in a month (1-12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The salary period a day falls in. */
export function salaryPeriodOf(day: IsoDay): SalaryPeriodId {
  const { year, month, date } = parseDay(day);
  return `${year}-${pad(month)}-${date <= 15 ? 'H1' : 'H2'}`;
}

/** First and last day of a salary period. */
export function salaryPeriodRange(period: string): { start: IsoDay; end: IsoDay } {
  const match = PERIOD_PATTERN.exec(period);
  if (!match) throw new RangeError(`not a salary period: ${period}`);
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12) throw new RangeError(`not a salary period: ${period}`);
  const prefix = `${year}-${pad(month)}`;
  return match[3] === 'H1'
    ? { start: `${prefix}-01`, end: `${prefix}-15` }
    : { start: `${prefix}-16`, end: `${prefix}-${pad(daysInMonth(year, month))}` };
}

/** Amounts in euro cents, so the fee never suffers from floating-point rounding. */
export type PresalaryCosts = { amountCents: number; feeCents: number; totalCents: number };

/**
 * The 5 % fee on a requested amount (rounded to the nearest cent, halves up) and the total that
 * is deducted from the next salary: amount + fee.
 */
export function presalaryCosts(amount: number): PresalaryCosts {
  const amountCents = Math.round(amount * 100);
  const feeCents = Math.round(amountCents * PRESALARY.FEE_RATE);
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** Whether an amount (in euro) is within the presalary limits, 100 to 500 inclusive. */
export function isPresalaryAmountAllowed(amount: number): boolean {
  return Number.isFinite(amount) && amount >= PRESALARY.MIN_AMOUNT && amount <= PRESALARY.MAX_AMOUNT;
}

/** The first processing day (Tuesday or Thursday) on or after `day`. */
export function nextProcessingDay(day: IsoDay): IsoDay {
  const { year, month, date } = parseDay(day);
  const cursor = new Date(Date.UTC(year, month - 1, date));
  const weekdays: readonly number[] = PRESALARY.PROCESSING_WEEKDAYS;
  while (!weekdays.includes(cursor.getUTCDay())) cursor.setUTCDate(cursor.getUTCDate() + 1);
  return `${cursor.getUTCFullYear()}-${pad(cursor.getUTCMonth() + 1)}-${pad(cursor.getUTCDate())}`;
}
