import { reachOrigin } from './reach-origin';

// The app's one word on connectivity. The browser's navigator.onLine is reliable when it says
// "offline" (no signal at all), but a phone on a site's Wi-Fi with no way out says "online". So the
// app is online only while the browser says so *and* its own origin answers: a HEAD probe
// (reach-origin.ts) right away, every PROBE_EVERY_MS while it answers and every PROBE_AGAIN_MS while
// it does not, skipped while a real call answered within PROBE_EVERY_MS; at once when the browser
// reports the connection back, when the tab becomes visible and when a real call got no answer.
// Nothing is probed while the tab is hidden, while the browser says offline, or while nobody listens
// (the sign-in screen). The offline notice, the forms' offline note, the outbox and the ticket
// submission read it, so a dead Wi-Fi counts as offline within a few seconds.

export const PROBE_EVERY_MS = 10_000;
export const PROBE_AGAIN_MS = 5_000;

const listeners = new Set<() => void>();
let isReachable = true;
let lastAnswerAt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let probing: Promise<void> | null = null;

/** Whether the app can reach its servers, as far as it knows now. */
export function isOnline(): boolean {
  return navigator.onLine && isReachable;
}

const notify = () => listeners.forEach((listener) => listener());

function setReachable(value: boolean) {
  if (value === isReachable) return;
  isReachable = value;
  notify();
}

const isHidden = () => document.visibilityState === 'hidden';

/** The next probe: PROBE_EVERY_MS after the last answer while online, PROBE_AGAIN_MS while not. */
function schedule() {
  clearTimeout(timer);
  if (listeners.size === 0 || isHidden() || !navigator.onLine) return;
  const wait = isReachable ? lastAnswerAt + PROBE_EVERY_MS - Date.now() : PROBE_AGAIN_MS;
  timer = setTimeout(() => void probe(false), Math.max(wait, 0));
}

/** Probes the origin now (`isForced`), or when no real call answered within PROBE_EVERY_MS. */
function probe(isForced: boolean): Promise<void> {
  if (probing) return probing;
  if (!isForced && isReachable && Date.now() - lastAnswerAt < PROBE_EVERY_MS) {
    schedule();
    return Promise.resolve();
  }
  probing = (async () => {
    clearTimeout(timer);
    if (navigator.onLine && !isHidden()) {
      const answered = await reachOrigin();
      if (answered) lastAnswerAt = Date.now();
      setReachable(answered);
    }
    probing = null;
    schedule();
  })();
  return probing;
}

/**
 * What a real request to the app's servers met: an answer (a refusal is an answer too) keeps the
 * app online without a probe; no answer at all has the origin probed at once.
 */
export function reportConnection(isAnswered: boolean): void {
  if (isAnswered) {
    lastAnswerAt = Date.now();
    setReachable(true);
    return;
  }
  if (listeners.size > 0) void probe(true);
}

const onBrowserOnline = () => {
  notify();
  void probe(true);
};
const onBrowserOffline = () => {
  clearTimeout(timer);
  notify();
};
const onVisibility = () => {
  if (isHidden()) clearTimeout(timer);
  else void probe(true);
};

/** Calls `listener` whenever isOnline() may have changed; probing runs while anyone listens. */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onBrowserOnline);
    window.addEventListener('offline', onBrowserOffline);
    document.addEventListener('visibilitychange', onVisibility);
    void probe(true);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    window.removeEventListener('online', onBrowserOnline);
    window.removeEventListener('offline', onBrowserOffline);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Resolves once a probe running now has ended (tests wait on it). */
export function settledProbe(): Promise<void> {
  return probing ?? Promise.resolve();
}

/** For tests: forget what earlier probes and calls said. */
export function resetConnectivity(): void {
  clearTimeout(timer);
  isReachable = true;
  lastAnswerAt = 0;
  probing = null;
}
