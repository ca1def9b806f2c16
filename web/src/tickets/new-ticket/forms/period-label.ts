import { salaryPeriodRange } from '@domain';
import type { TFunction } from 'i18next';

// Readable salary periods and days for the presalary and salary forms. Days are formatted in
// UTC: a `YYYY-MM-DD` day is a calendar date, and the phone's time zone must not shift it.

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** A period's days in the given language, e.g. "1–15 listopada 2026" / "November 16 – 30, 2026". */
export function formatPeriodRange(period: string, language: string): string {
  const { start, end } = salaryPeriodRange(period);
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(utcDate(start), utcDate(end));
}

/** A period as an option label: its days and which half of the month it is. */
export function salaryPeriodLabel(t: TFunction, period: string, language: string): string {
  return t('tickets.form.period.label', {
    range: formatPeriodRange(period, language),
    half: t(period.endsWith('H1') ? 'tickets.form.period.firstHalf' : 'tickets.form.period.secondHalf'),
  });
}

/** A day with its weekday, e.g. "wtorek, 24 listopada 2026". */
export function formatDayWithWeekday(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(day));
}

/** Select options for salary periods, in the order given. */
export function salaryPeriodOptions(t: TFunction, periods: readonly string[], language: string) {
  return periods.map((period) => ({ value: period, label: salaryPeriodLabel(t, period, language) }));
}
