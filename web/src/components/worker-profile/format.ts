import dayjs from 'dayjs';

/** Shown for any field the office has not filled in yet. */
export const EMPTY_VALUE = '—';

/**
 * A YYYY-MM-DD date in the given language, e.g. "14 marca 2025" / "14 March 2025"; the pl and ru
 * locales switch to the genitive month form for this pattern. Unreadable dates are shown as stored.
 */
export function formatDate(value: string, language: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.locale(language).format('D MMMM YYYY') : value;
}

/** A dialable `tel:` URI; spaces, dashes and brackets are for reading only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
