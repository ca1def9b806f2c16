import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  isPresalaryAmountAllowed,
  nextProcessingDay,
  presalaryCosts,
  salaryPeriodOf,
  salaryPeriodRange,
} from './presalary.js';

describe('salary periods', () => {
  it.each([
    ['2026-11-01', '2026-11-H1'],
    ['2026-11-15', '2026-11-H1'],
    ['2026-11-16', '2026-11-H2'],
    ['2026-11-30', '2026-11-H2'],
    ['2028-02-29', '2028-02-H2'],
  ])('%s is in %s', (day, period) => {
    expect(salaryPeriodOf(day)).toBe(period);
  });

  it('runs the second half to the last day of the month, leap years included', () => {
    expect(salaryPeriodRange('2026-11-H1')).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(salaryPeriodRange('2026-11-H2')).toEqual({ start: '2026-11-16', end: '2026-11-30' });
    expect(salaryPeriodRange('2026-02-H2')).toEqual({ start: '2026-02-16', end: '2026-02-28' });
    expect(salaryPeriodRange('2028-02-H2')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(salaryPeriodRange('2026-12-H2').end).toBe('2026-12-31');
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('refuses malformed days and periods', () => {
    expect(() => salaryPeriodOf('2026-02-30')).toThrow(RangeError);
    expect(() => salaryPeriodOf('30.11.2026')).toThrow(RangeError);
    expect(() => salaryPeriodRange('2026-13-H1')).toThrow(RangeError);
    expect(() => salaryPeriodRange('2026-11-H3')).toThrow(RangeError);
  });
});

describe('presalary costs', () => {
  it('adds the 5 % fee to the amount for the total deducted', () => {
    expect(presalaryCosts(300)).toEqual({ amountCents: 30000, feeCents: 1500, totalCents: 31500 });
    expect(presalaryCosts(100)).toEqual({ amountCents: 10000, feeCents: 500, totalCents: 10500 });
    expect(presalaryCosts(500)).toEqual({ amountCents: 50000, feeCents: 2500, totalCents: 52500 });
  });
  it('rounds the fee to the cent without floating-point drift', () => {
    expect(presalaryCosts(123.45)).toEqual({ amountCents: 12345, feeCents: 617, totalCents: 12962 });
    expect(presalaryCosts(100.1)).toEqual({ amountCents: 10010, feeCents: 501, totalCents: 10511 });
  });
  it('allows 100 to 500 euro inclusive', () => {
    expect(isPresalaryAmountAllowed(100)).toBe(true);
    expect(isPresalaryAmountAllowed(500)).toBe(true);
    expect(isPresalaryAmountAllowed(99.99)).toBe(false);
    expect(isPresalaryAmountAllowed(500.01)).toBe(false);
    expect(isPresalaryAmountAllowed(Number.NaN)).toBe(false);
  });
});

describe('processing days', () => {
  it.each([
    ['2026-11-23', '2026-11-24'], // Monday -> Tuesday
    ['2026-11-24', '2026-11-24'], // Tuesday itself
    ['2026-11-25', '2026-11-26'], // Wednesday -> Thursday
    ['2026-11-27', '2026-12-01'], // Friday -> next Tuesday, across the month
    ['2026-12-31', '2026-12-31'], // Thursday itself
    ['2027-01-01', '2027-01-05'], // Friday -> Tuesday, across the year
  ])('after %s comes %s', (day, expected) => {
    expect(nextProcessingDay(day)).toBe(expected);
  });
});
