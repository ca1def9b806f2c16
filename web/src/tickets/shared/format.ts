import { salaryPeriodRange } from '@domain';
import dayjs from 'dayjs';
// Month names: dayjs's locale of the language shown is loaded with the signed-in screens (lib/antd-provider.tsx).

/*
 * Dates, money and periods in the current UI language (pass i18n.language). Values that cannot be
 * read are shown as stored rather than hidden, so nothing the office entered is lost.
 */

/** Shown for an empty value. */
export const EMPTY_VALUE = '—';

/** A moment, e.g. "14 marca 2026, 09:30" / "14 March 2026, 09:30". */
export function formatDateTime(value: Date | null, language: string): string {
  if (!value) return EMPTY_VALUE;
  return dayjs(value).locale(language).format('D MMMM YYYY, HH:mm');
}

/** A short date for lists, e.g. "14 mar 2026" / "14 Mar 2026". */
export function formatShortDate(value: Date | null, language: string): string {
  if (!value) return EMPTY_VALUE;
  return dayjs(value).locale(language).format('D MMM YYYY');
}

/** A `YYYY-MM-DD` day, e.g. "14 marca 2026". */
export function formatDay(value: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const day = dayjs(value);
  return day.isValid() ? day.locale(language).format('D MMMM YYYY') : value;
}

/**
 * A day (`YYYY-MM-DD`) short, with its weekday: "Thu 27 Nov" (en), "czw., 27 lis" (pl), "чт, 27 нояб." (ru).
 * English uses the British order, as the app's English texts do.
 */
export function formatShortDay(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  const locale = language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
    .format(date)
    .replace(/,(?= \d)/, language === 'en' ? '' : ',');
}

/** An amount in a currency, e.g. formatMoney(300, 'EUR', 'pl') -> "300,00 €". */
export function formatMoney(amount: number, currency: string | undefined, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: currency ? 'currency' : 'decimal',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number, then the code as stored.
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(amount)} ${currency ?? ''}`.trim();
  }
}

/** A plain number, e.g. hours: formatNumber(7.5, 'pl') -> "7,5". */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A salary period id as its days, e.g. "2026-11-H1" -> "1–15 listopada 2026". */
export function formatSalaryPeriod(period: string, language: string): string {
  let range: { start: string; end: string };
  try {
    range = salaryPeriodRange(period);
  } catch {
    return period;
  }
  const start = dayjs(range.start).locale(language);
  const end = dayjs(range.end).locale(language);
  return `${start.format('D')}–${end.format('D MMMM YYYY')}`;
}

/** A file size, e.g. "1,2 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KB`;
  return `${format.format(bytes / (1024 * 1024))} MB`;
}
