/**
 * Certificate status for the profile's Certifications tab. Pure: "today" is a parameter so the
 * 30-day warning window can be tested to the day.
 */

export type CertificateStatus = 'expired' | 'expiring' | 'valid' | 'missing';

export type CertificateState = {
  status: CertificateStatus;
  /** Whole days from today to the expiry date (negative once expired); null when missing. */
  daysLeft: number | null;
};

/** A certificate expiring within this many days (inclusive) is flagged so it can be renewed in time. */
export const EXPIRY_WARNING_DAYS = 30;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Day number of a strict YYYY-MM-DD calendar date, or null; UTC so daylight saving never shifts a day. */
function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const parsed = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March; such a date is not a real expiry.
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) {
    return null;
  }
  return ms / MS_PER_DAY;
}

/**
 * Status of a certificate expiring on `expiry` (YYYY-MM-DD), seen on `today` (YYYY-MM-DD).
 * A certificate is still valid on its expiry day (0 days left, "expiring"). A missing or unreadable
 * expiry counts as missing: the worker has to provide it either way.
 * @throws RangeError when `today` is not a YYYY-MM-DD date (a caller bug, not user data).
 */
export function certificateStatus(expiry: string | undefined, today: string): CertificateState {
  const todayDay = dayNumber(today);
  if (todayDay === null) throw new RangeError(`today must be YYYY-MM-DD, got "${today}"`);
  const expiryDay = expiry === undefined ? null : dayNumber(expiry.trim());
  if (expiryDay === null) return { status: 'missing', daysLeft: null };
  const daysLeft = expiryDay - todayDay;
  if (daysLeft < 0) return { status: 'expired', daysLeft };
  if (daysLeft <= EXPIRY_WARNING_DAYS) return { status: 'expiring', daysLeft };
  return { status: 'valid', daysLeft };
}
