import type { TFunction } from 'i18next';

/*
 * The sentences that say when something happened to a safety report ("Reported at 10:42, sent to
 * 3 people", "Seen by Anna at 10:50"), in the reader's language. A moment of today shows its time
 * only (the `…At` text); an older one its date too (the `…On` text), each language with its own
 * words around them.
 */

const isSameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The time of day in the reader's locale: "10:42" (pl, ru), "10:42 AM" (en). */
export const formatTime = (at: Date, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(at);

/** The day in the reader's locale: "2 listopada 2026". */
export const formatDate = (at: Date, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(at);

/**
 * Text `${base}At` with the time of `at` when it is today (by `now`), else `${base}On` with its date
 * and time; `values` go in as well (a `count` picks the plural form).
 */
export function momentText(
  t: TFunction,
  language: string,
  base: string,
  at: Date,
  values: Record<string, unknown> = {},
  now: Date = new Date(),
): string {
  const time = formatTime(at, language);
  if (isSameDay(at, now)) return t(`${base}At`, { ...values, time });
  return t(`${base}On`, { ...values, time, date: formatDate(at, language) });
}

/** "Reported at 10:42, sent to 3 people", the count's plural form in the reader's language. */
export const reportedText = (
  t: TFunction,
  language: string,
  reportedAt: Date,
  notifiedCount: number,
  now?: Date,
) => momentText(t, language, 'safety.report.sent', reportedAt, { count: notifiedCount }, now);
