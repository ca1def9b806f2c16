import { UNREAD_COUNT_CAP } from '@domain';
import { appEnv } from '../config/env';
import { currentUser } from '../lib/auth/api';
import { emulatorHost } from '../lib/firebase';

// The unread count on the screens that have not started Firestore (the profile, the new-ticket
// forms, the admin screens): one small count query over Firestore's REST API with the user's ID
// token, so those screens do not carry the Firestore SDK (about 100 KB gzip) for a number. The
// rules are the same as for the live listener (a reader counts only their own notifications), and
// a count costs one document read per 1,000 counted. Once a screen starts Firestore, the live
// listener takes over (api.ts).

/** How often the count is asked for while the tab is visible and Firestore has not started. */
export const UNREAD_POLL_MS = 15_000;

export type CountRequest = { url: string; body: string };

/** The runAggregationQuery request counting `uid`'s unread notifications, up to the cap. */
export function unreadCountRequest(uid: string, projectId: string, emulator: string | null): CountRequest {
  const origin = emulator ? `http://${emulator}:8080` : 'https://firestore.googleapis.com';
  const field = (fieldPath: string, value: Record<string, unknown>) => ({
    fieldFilter: { field: { fieldPath }, op: 'EQUAL', value },
  });
  return {
    url: `${origin}/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents:runAggregationQuery`,
    body: JSON.stringify({
      structuredAggregationQuery: {
        structuredQuery: {
          from: [{ collectionId: 'notifications' }],
          where: {
            compositeFilter: {
              op: 'AND',
              filters: [field('recipient', { stringValue: uid }), field('read', { booleanValue: false })],
            },
          },
        },
        aggregations: [{ alias: 'unread', count: { upTo: String(UNREAD_COUNT_CAP) } }],
      },
    }),
  };
}

/** The count in a runAggregationQuery answer (`[{result: {aggregateFields: {unread: {integerValue}}}}]`). */
export function parseUnreadCount(answer: unknown): number | null {
  if (!Array.isArray(answer)) return null;
  for (const part of answer as {
    result?: { aggregateFields?: Record<string, { integerValue?: unknown }> };
  }[]) {
    const value = part?.result?.aggregateFields?.unread?.integerValue;
    const count = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
    if (Number.isInteger(count) && count >= 0) return Math.min(count, UNREAD_COUNT_CAP);
  }
  return null;
}

export type CountDeps = {
  fetch: typeof fetch;
  idToken: () => Promise<string | null>;
  projectId: string;
  emulator: string | null;
};

const browserDeps = (): CountDeps => ({
  fetch: (...args) => fetch(...args),
  idToken: async () => (await currentUser()?.getIdToken()) ?? null,
  projectId: appEnv.firebase.projectId,
  emulator: appEnv.useEmulators ? emulatorHost() : null,
});

/** `uid`'s unread count from the server; null when it cannot be known now (offline, refused). */
export async function fetchUnreadCount(uid: string, deps: CountDeps = browserDeps()): Promise<number | null> {
  const token = await deps.idToken();
  if (!token) return null;
  const { url, body } = unreadCountRequest(uid, deps.projectId, deps.emulator);
  const response = await deps.fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body,
  });
  if (!response.ok) return null;
  return parseUnreadCount(await response.json());
}
