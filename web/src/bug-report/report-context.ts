import { BUG_REPORT_LIMITS } from '@domain';

// What a bug report is about besides the worker's words: the page they came from, their browser
// and the app version. Read from the browser here so the form stays a plain function of props.

/**
 * The app page the reporter came from: the router state's `from` (the sidebar link sets it),
 * else the referrer when it is this app's own origin, else nothing.
 */
export function initialPage(state: unknown, referrer: string, origin: string): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from === 'string' && from.startsWith('/'))
    return from.slice(0, BUG_REPORT_LIMITS.PAGE_MAX_CHARS);
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    if (url.origin !== origin) return '';
    return `${url.pathname}${url.search}${url.hash}`.slice(0, BUG_REPORT_LIMITS.PAGE_MAX_CHARS);
  } catch {
    return '';
  }
}

/** The reporter's browser, as its user agent says. */
export function browserInfo(): string {
  return navigator.userAgent.slice(0, BUG_REPORT_LIMITS.BROWSER_MAX_CHARS);
}

/** The running bundle's version; Vite defines __APP_VERSION__, the test runner does not. */
export function appVersion(): string {
  const version = typeof __APP_VERSION__ === 'string' && __APP_VERSION__ !== '' ? __APP_VERSION__ : 'dev';
  return version.slice(0, BUG_REPORT_LIMITS.APP_VERSION_MAX_CHARS);
}
