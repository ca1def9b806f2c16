// The reachability probe: one HEAD request to the app's own origin, past the HTTP cache and the
// service worker (which only answers GET), so only a real answer from the server counts. Any HTTP
// status is an answer; no answer within the timeout, or a failed connection, is none.

/** A small file every build serves; the query keeps any cache in between out of it. */
export const PROBE_PATH = '/version.json';
export const PROBE_TIMEOUT_MS = 5_000;

/** Whether the app's origin answered within PROBE_TIMEOUT_MS. */
export async function reachOrigin(): Promise<boolean> {
  try {
    await fetch(`${PROBE_PATH}?reach=${Date.now()}`, {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}
