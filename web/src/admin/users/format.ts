import dayjs from 'dayjs';

/** Shown for a value that does not exist (no account, never signed in). */
export const EMPTY_VALUE = '—';

/** An ISO moment, e.g. "14 mar 2026, 09:30"; an unreadable one is shown as stored. */
export function formatMoment(value: string | null, language: string): string {
  if (!value) return EMPTY_VALUE;
  const moment = dayjs(value);
  return moment.isValid() ? moment.locale(language).format('D MMM YYYY, HH:mm') : value;
}

/** An ISO moment as its day, e.g. "14 mar 2026". */
export function formatDay(value: string | null, language: string): string {
  if (!value) return EMPTY_VALUE;
  const moment = dayjs(value);
  return moment.isValid() ? moment.locale(language).format('D MMM YYYY') : value;
}
