import type { UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { type AdminUserRow, type Role, displayNameOf, roleOfRecord } from '../../domain/index.js';
import type { AdminDeps } from './admin-caller.js';

/*
 * The joined user index behind the user list and the dashboard: every Auth account, every
 * `users/{uid}` document and every directory worker (`workers/{workerId}`), joined once and kept
 * for a short while, so that paging and searching thousands of users costs one build, not one
 * per keystroke.
 *
 * Join rules: an account's `users` document has the same uid; its directory entry is the one
 * named by `users.workerId`, else the one with the same e-mail (lower-cased). A directory worker
 * that no account claims becomes a row of its own: uid null, status `noAccount`, key = worker id.
 *
 * Cache: one index per Firestore instance and function instance, for at most USER_INDEX_TTL_MS.
 * Every operation that changes an account, a `users` document or the directory must call
 * `invalidateUserIndex()` after its write, so that the caller's next list shows the change; other
 * instances catch up within the TTL.
 */

/** How long a built index is served before it is rebuilt. */
export const USER_INDEX_TTL_MS = 30_000;

const AUTH_PAGE_SIZE = 1000;

/** One row of the index: the row as the list shows it, plus what the filters need. */
export type IndexedUser = {
  /** With the full account status; the list blanks it for callers without VIEW_USER_ACCOUNT_STATUS. */
  row: AdminUserRow;
  /** Whether the row has a directory entry (the "workers" tab). */
  hasWorker: boolean;
  /** Name and e-mail, normalised by `normaliseForSearch`. */
  searchText: string;
};

export type UserIndexDeps = Pick<AdminDeps, 'db' | 'auth' | 'now'>;

/** Letters that NFD does not split into a base letter and a mark (Polish ł above all). */
const FOLDED_LETTERS: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
};

/**
 * Lower case, without diacritics: "Łukasz Żółć" -> "lukasz zolc", so a search typed on a phone
 * without Polish letters still finds the name.
 */
export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łđøßæœıþ]/g, (letter) => FOLDED_LETTERS[letter] ?? letter);
}

/** `role`: what the record makes of the account (roleOfRecord), read from the record as stored. */
type UsersDoc = { name: string | null; workerId: string | null; role: Role };
type DirectoryEntry = { id: string; name: string; email: string };

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** An Auth metadata time ("Tue, 01 Dec 2026 08:00:00 GMT") as ISO, or null. */
export function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? null : new Date(millis).toISOString();
}

/**
 * An account's display name, in the order the profile endpoint uses: the `users` document, the
 * directory entry, the Auth display name, then the part of the e-mail before the @.
 */
export function accountName(
  account: Pick<UserRecord, 'displayName' | 'email' | 'uid'>,
  usersName: string | null,
  workerName: string | null,
): string {
  return displayNameOf({
    names: [usersName, workerName, account.displayName],
    email: account.email,
    fallback: account.uid,
  });
}

async function listAllAccounts(deps: UserIndexDeps): Promise<UserRecord[]> {
  const accounts: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await deps.auth.listUsers(AUTH_PAGE_SIZE, pageToken);
    accounts.push(...page.users);
    pageToken = page.pageToken;
  } while (pageToken);
  return accounts;
}

async function readUsersDocs(db: Firestore): Promise<Map<string, UsersDoc>> {
  const snapshot = await db.collection('users').select('name', 'workerId', 'role').get();
  return new Map(
    snapshot.docs.map((doc) => [
      doc.id,
      {
        name: nonEmpty(doc.get('name')),
        workerId: nonEmpty(doc.get('workerId')),
        role: roleOfRecord({ role: doc.get('role'), workerId: doc.get('workerId') }),
      },
    ]),
  );
}

// The whole collection in one query: the directory adapter pages with startAfter, and a full
// read is what the index needs anyway. Only the fields the list shows are fetched.
async function readDirectory(db: Firestore): Promise<DirectoryEntry[]> {
  const snapshot = await db.collection('workers').select('name', 'email').get();
  return snapshot.docs.map((doc) => {
    const email = (nonEmpty(doc.get('email')) ?? '').toLowerCase();
    return { id: doc.id, name: nonEmpty(doc.get('name')) ?? (email || doc.id), email };
  });
}

const collator = new Intl.Collator('pl', { sensitivity: 'base' });

/** By name (locale order), then e-mail, then key, so that pages are stable. */
function compareRows(a: IndexedUser, b: IndexedUser): number {
  return (
    collator.compare(a.row.name, b.row.name) ||
    collator.compare(a.row.email, b.row.email) ||
    a.row.key.localeCompare(b.row.key)
  );
}

/** Builds the index from scratch: three full reads, joined in memory. */
export async function buildUserIndex(deps: UserIndexDeps): Promise<IndexedUser[]> {
  const [accounts, usersDocs, directory] = await Promise.all([
    listAllAccounts(deps),
    readUsersDocs(deps.db),
    readDirectory(deps.db),
  ]);
  const workersById = new Map(directory.map((worker) => [worker.id, worker]));
  const workersByEmail = new Map<string, DirectoryEntry>();
  for (const worker of directory) {
    if (worker.email && !workersByEmail.has(worker.email)) workersByEmail.set(worker.email, worker);
  }

  const claimed = new Set<string>();
  const rows: IndexedUser[] = accounts.map((account) => {
    const usersDoc = usersDocs.get(account.uid);
    const email = account.email ?? '';
    const worker =
      (usersDoc?.workerId ? workersById.get(usersDoc.workerId) : undefined) ??
      // By e-mail only a verified address links (anyone can sign up with a worker's address).
      (email && account.emailVerified ? workersByEmail.get(email.toLowerCase()) : undefined);
    if (worker) claimed.add(worker.id);
    const name = accountName(account, usersDoc?.name ?? null, worker?.name ?? null);
    return {
      row: {
        key: account.uid,
        uid: account.uid,
        workerId: worker?.id ?? null,
        name,
        email,
        role: usersDoc?.role ?? roleOfRecord(undefined),
        status: account.disabled ? 'disabled' : 'enabled',
        emailVerified: account.emailVerified,
        lastSignIn: isoTime(account.metadata.lastSignInTime),
        createdAt: isoTime(account.metadata.creationTime),
      },
      hasWorker: worker !== undefined,
      searchText: normaliseForSearch(`${name}\n${email}`),
    };
  });

  for (const worker of directory) {
    if (claimed.has(worker.id)) continue;
    rows.push({
      row: {
        key: worker.id,
        uid: null,
        workerId: worker.id,
        name: worker.name,
        email: worker.email,
        role: null,
        status: 'noAccount',
        emailVerified: null,
        lastSignIn: null,
        createdAt: null,
      },
      hasWorker: true,
      searchText: normaliseForSearch(`${worker.name}\n${worker.email}`),
    });
  }
  return rows.sort(compareRows);
}

type CacheEntry = { builtAt: number; rows: Promise<IndexedUser[]> };

let cache = new WeakMap<Firestore, CacheEntry>();

/**
 * Drops every cached index of this function instance. The account operations call it after each
 * change (role, permissions, status, new account, worker edit), so the next list is rebuilt.
 */
export function invalidateUserIndex(): void {
  cache = new WeakMap();
}

/**
 * The joined index, sorted by name then e-mail: served from the cache when it is younger than
 * USER_INDEX_TTL_MS (by `deps.now`), else rebuilt. Concurrent callers share one build; a failed
 * build is not cached.
 */
export function loadUserIndex(deps: UserIndexDeps): Promise<IndexedUser[]> {
  const now = deps.now();
  const cached = cache.get(deps.db);
  if (cached && now - cached.builtAt < USER_INDEX_TTL_MS && now >= cached.builtAt) return cached.rows;

  const rows = buildUserIndex(deps);
  const entry: CacheEntry = { builtAt: now, rows };
  cache.set(deps.db, entry);
  rows.catch(() => {
    if (cache.get(deps.db) === entry) cache.delete(deps.db);
  });
  return rows;
}
