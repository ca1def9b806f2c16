/**
 * Relative dates for the seed fixtures.
 *
 * A fixture date may be written as a token `@+20d` / `@-15d` / `@0d`: that many calendar days
 * after (or before) the day the loader runs. This keeps "expires within 30 days" and
 * "submitted 3 days ago" true whenever the seed is loaded. Any other value must be an ISO
 * date (`YYYY-MM-DD`) or date-time string and passes through unchanged.
 */

const TOKEN = /^@([+-]?\d+)d$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * True when `value` is a relative-date token such as `@-15d`.
 * @param {unknown} value
 * @returns {boolean}
 */
export function isRelativeToken(value) {
  return typeof value === 'string' && TOKEN.test(value);
}

/**
 * The day offset a token names, or null when `value` is not a token.
 * @param {string} value
 * @returns {number | null}
 */
function offsetDays(value) {
  const match = TOKEN.exec(value);
  return match ? Number(match[1]) : null;
}

/**
 * A token or ISO string as a Date. Tokens keep today's time of day and move by calendar days
 * (local time, so a DST switch in between does not shift the day).
 * @param {string} token `@+Nd`, `@-Nd`, `YYYY-MM-DD` or an ISO date-time
 * @param {Date} [today]
 * @returns {Date}
 */
export function resolveDate(token, today = new Date()) {
  const days = offsetDays(token);
  if (days !== null) {
    const date = new Date(today.getTime());
    date.setDate(date.getDate() + days);
    return date;
  }
  if (ISO_DAY.test(token) || ISO_DATE_TIME.test(token)) {
    const date = new Date(token);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new Error(`Not a relative-date token or ISO date: ${JSON.stringify(token)}`);
}

/**
 * A token or ISO string as a calendar day `YYYY-MM-DD`. A `YYYY-MM-DD` string is returned as
 * it is; an ISO date-time keeps its date part.
 * @param {string} token
 * @param {Date} [today]
 * @returns {string}
 */
export function resolveDay(token, today = new Date()) {
  if (offsetDays(token) === null) {
    // Validates the string; a date-time keeps the day it was written with.
    resolveDate(token, today);
    return token.slice(0, 10);
  }
  const date = resolveDate(token, today);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
