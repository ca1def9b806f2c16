/*
 * How long a ticket has waited, as a plain duration in the UI language ("3 days", "3 dni",
 * "3 дня"). The moment to count to is a parameter, so the tests need no fake clock.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type AgeUnit = 'minute' | 'hour' | 'day';

/** The largest whole unit of `elapsedMs`: minutes under an hour, hours under a day, then days. */
export function ageParts(elapsedMs: number): { value: number; unit: AgeUnit } {
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed < HOUR_MS) return { value: Math.max(1, Math.floor(elapsed / MINUTE_MS)), unit: 'minute' };
  if (elapsed < DAY_MS) return { value: Math.floor(elapsed / HOUR_MS), unit: 'hour' };
  return { value: Math.floor(elapsed / DAY_MS), unit: 'day' };
}

/** The age of something created at `createdAt` (an ISO string) at `now`; null when unreadable. */
export function formatAge(createdAt: string | null, now: number, language: string): string | null {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (Number.isNaN(created)) return null;
  const { value, unit } = ageParts(now - created);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** An ISO string as a Date, or null when it is missing or unreadable. */
export function parseIsoDate(value: string | null): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}
