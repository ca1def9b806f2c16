// The callables mode's worker accounts, made the way staff make them on the running stack: the
// worker is added on the (local) monday.com board, whose webhook puts it in the directory's read
// model; a staff account calls `createAccount` for it; the worker sets a password through the
// set-password link (the stack hands the link back instead of e-mailing it) and signs in.
//
// createAccount allows 30 accounts per staff account and hour (RATE_LIMITS.createAccount), fewer
// than the 100 workers of N = 100: the seeded admin makes a few load-test managers
// (`load-manager-NN`, CREATE_USER_ACCOUNTS), and they make the worker accounts. Accounts stay in the
// stack and are reused by later runs while they have room under submitTicket's hourly limit;
// a worker without room is passed over and a new one made.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../emulators.mjs';

export const LOAD_PASSWORD = 'Load-test-pass-1';
const DOMAIN = 'load.example.com';
const pad = (value, width) => String(value).padStart(width, '0');
export const workerEmail = (index) => `load-worker-${pad(index, 3)}@${DOMAIN}`;
const managerEmail = (index) => `load-manager-${pad(index, 2)}@${DOMAIN}`;
const nameOf = (email) =>
  email
    .split('@')[0]
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
/** Read-model waits end after this long. */
const DIRECTORY_WAIT_MS = 120_000;

/**
 * Runs `fn` over `items`, at most `limit` at a time; resolves to the results in order. Lane after
 * lane: a lane starts once the one before it has finished its first item, so that the Functions
 * emulator, which starts one process per concurrent call, starts them one at a time (many starts
 * at once on two cores outlast its 30 s start timeout, and such a call is never answered).
 */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  let opened = Promise.resolve();
  const lanes = Array.from({ length: Math.min(limit, items.length) }, () => {
    const previous = opened;
    let firstDone;
    opened = new Promise((resolve) => {
      firstDone = resolve;
    });
    return (async () => {
      await previous;
      try {
        while (next < items.length) {
          const index = next++;
          results[index] = await fn(items[index], index);
          firstDone();
        }
      } finally {
        firstDone();
      }
    })();
  });
  await Promise.all(lanes);
  return results;
}

/** `call()`, once more when it timed out (a call the emulator never answered did nothing). */
async function retryTimeout(call) {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    return call();
  }
}

/** The seeded account of `role` (emulator-data/fixtures/accounts.json). */
async function seededAccount(role) {
  const accounts = JSON.parse(
    await readFile(path.join(ROOT, 'emulator-data', 'fixtures', 'accounts.json'), 'utf8'),
  );
  const account = accounts.find((candidate) => candidate.role === role && !candidate.disabled);
  if (!account) throw new Error(`the seed has no enabled ${role} account`);
  return account;
}

/** Calls within the window that count against `operation`'s limit for `uid`, by rate-limit document. */
function recentHits(snapshot, windowMs, now) {
  const hits = snapshot.get('hits');
  if (!Array.isArray(hits)) return 0;
  return hits.filter((hit) => typeof hit?.at === 'number' && hit.at > now - windowMs).length;
}

/**
 * Picks, for each step, accounts with room for `perAccount` more submissions in the hour, lowest
 * index first; `budgets` (index -> room) is updated. Indices without an account have the full limit.
 */
export function assignAccounts(steps, budgets, limit) {
  const roomOf = (index) => budgets.get(index) ?? limit;
  return steps.map(({ count, perAccount }) => {
    const chosen = [];
    for (let index = 1; chosen.length < count; index++) {
      if (roomOf(index) >= perAccount) {
        chosen.push(index);
        budgets.set(index, roomOf(index) - perAccount);
      }
    }
    return chosen;
  });
}

/**
 * Makes sure the directory holds workers with these e-mails: adds the missing ones on the board
 * and waits for the read model, or (a stack without a board) writes them into `workers`, the
 * directory itself. Resolves to e-mail -> workerId.
 */
async function ensureDirectoryWorkers({ db, client, emails, log }) {
  const readModel = async () => {
    const snapshot = await db
      .collection('workers')
      .where('emailLower', '>=', 'load-')
      .where('emailLower', '<', 'load.')
      .get();
    return new Map(snapshot.docs.map((doc) => [String(doc.get('emailLower')), doc.id]));
  };
  let known = await readModel();
  const missing = emails.filter((email) => !known.has(email));
  if (missing.length === 0) return known;
  if (await client.hasBoard()) {
    log(
      `  adding ${missing.length} workers on the local monday.com board (their webhooks fill the directory)`,
    );
    await mapLimit(missing, 5, (email) =>
      retryTimeout(() => client.addBoardWorker({ name: nameOf(email), email })),
    );
    const started = Date.now();
    for (;;) {
      known = await readModel();
      const still = missing.filter((email) => !known.has(email));
      if (still.length === 0) break;
      if (Date.now() - started > DIRECTORY_WAIT_MS) {
        throw new Error(
          `${still.length} workers added on the board did not reach the directory within ${DIRECTORY_WAIT_MS / 1000} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } else {
    log(`  no local board answers: adding ${missing.length} workers to the Firestore directory (workers)`);
    const batch = db.batch();
    for (const email of missing) {
      const id = `load-${email.split('@')[0]}`;
      batch.set(db.doc(`workers/${id}`), { name: nameOf(email), email, emailLower: email });
      known.set(email, id);
    }
    await batch.commit();
  }
  return known;
}

/**
 * Everything the steps need: for each step of `steps` ({count, perAccount}) the signed-in accounts
 * ({index, uid, email, idToken}), made where missing. `limits` is RATE_LIMITS.
 */
export async function prepareAccounts({ db, client, steps, limits, log }) {
  const now = Date.now();
  const users = await db.collection('users').where('email', '>=', 'load-').where('email', '<', 'load.').get();
  const userByEmail = new Map(
    users.docs.map((doc) => [String(doc.get('email')), { uid: doc.id, ...doc.data() }]),
  );

  // The existing load workers: signed in (one that cannot sign in is passed over) and their room.
  const budgets = new Map();
  const signedIn = new Map();
  const existing = [...userByEmail.values()].filter((user) => /^load-worker-\d{3}@/.test(user.email));
  const sessions = await mapLimit(existing, 10, (user) =>
    client.signIn(user.email, LOAD_PASSWORD).catch(() => null),
  );
  const rateRefs = existing.map((user) => db.doc(`rateLimits/${user.uid}_submitTicket`));
  const rates = rateRefs.length > 0 ? await db.getAll(...rateRefs) : [];
  existing.forEach((user, position) => {
    const index = Number(/^load-worker-(\d{3})@/.exec(user.email)[1]);
    const session = sessions[position];
    if (!session || user.disabled === true) {
      budgets.set(index, 0);
      return;
    }
    const used = recentHits(rates[position], limits.submitTicket.windowMs, now);
    budgets.set(index, limits.submitTicket.limit - used);
    signedIn.set(index, { index, uid: session.uid, email: user.email, idToken: session.idToken });
  });

  const assigned = assignAccounts(steps, budgets, limits.submitTicket.limit);
  const wanted = [...new Set(assigned.flat())].sort((a, b) => a - b);
  const toMake = wanted.filter((index) => !signedIn.has(index) && !userByEmail.has(workerEmail(index)));
  const unusable = wanted.filter((index) => !signedIn.has(index) && userByEmail.has(workerEmail(index)));
  if (unusable.length > 0) {
    throw new Error(`load accounts ${unusable.map(workerEmail).join(', ')} exist but cannot sign in`);
  }
  const made = { workers: toMake.length, managers: 0 };
  if (toMake.length > 0) {
    const creators = await creatorsFor({ db, client, count: toMake.length, userByEmail, limits, log, made });
    const directory = await ensureDirectoryWorkers({ db, client, emails: toMake.map(workerEmail), log });
    log(`  ${creators.length} load-test manager(s) make ${toMake.length} worker accounts with createAccount`);
    // Each creator takes as many as its room allows, one after the other; creators run side by side.
    const queues = creators.map(() => []);
    let creator = 0;
    for (const index of toMake) {
      while (queues[creator].length >= creators[creator].room) creator++;
      queues[creator].push(index);
    }
    // One lane per creator, opened one after the other (see mapLimit).
    await mapLimit(creators, creators.length, async ({ idToken }, position) => {
      for (const index of queues[position]) {
        const email = workerEmail(index);
        const answer = await retryTimeout(() =>
          client.call('createAccount', idToken, { workerId: directory.get(email), role: 'user' }),
        );
        if (answer.error) throw new Error(`createAccount for ${email} failed: ${answer.error}`);
        if (!answer.result.link) throw new Error('createAccount returned no set-password link');
        await client.setPassword(answer.result.link, LOAD_PASSWORD);
      }
    });
    const fresh = await mapLimit(toMake, 10, async (index) => {
      const session = await client.signIn(workerEmail(index), LOAD_PASSWORD);
      return { index, uid: session.uid, email: workerEmail(index), idToken: session.idToken };
    });
    for (const account of fresh) signedIn.set(account.index, account);
  }
  return {
    steps: assigned.map((indices) => indices.map((index) => signedIn.get(index))),
    made,
    reused: wanted.length - toMake.length,
  };
}

/**
 * Signed-in load-test managers with room for `count` createAccount calls in all: the existing ones
 * first, then new ones made by the seeded admin (role manager, CREATE_USER_ACCOUNTS by default).
 */
async function creatorsFor({ db, client, count, userByEmail, limits, log, made }) {
  const { limit, windowMs } = limits.createAccount;
  const now = Date.now();
  const managers = [...userByEmail.values()].filter(
    (user) => /^load-manager-\d{2}@/.test(user.email) && user.role === 'manager' && user.disabled !== true,
  );
  const creators = [];
  let room = 0;
  for (const manager of managers) {
    if (room >= count) break;
    const session = await client.signIn(manager.email, LOAD_PASSWORD).catch(() => null);
    if (!session) continue;
    const used = recentHits(await db.doc(`rateLimits/${session.uid}_createAccount`).get(), windowMs, now);
    if (limit - used <= 0) continue;
    creators.push({ idToken: session.idToken, room: limit - used });
    room += limit - used;
  }
  if (room >= count) return creators;

  const needed = Math.ceil((count - room) / limit);
  const admin = await seededAccount('admin');
  const adminSession = await client.signIn(admin.email, admin.password);
  const adminUsed = recentHits(
    await db.doc(`rateLimits/${adminSession.uid}_createAccount`).get(),
    windowMs,
    now,
  );
  if (limit - adminUsed < needed) {
    throw new Error(
      `the seeded admin may make ${Math.max(0, limit - adminUsed)} more accounts this hour (createAccount ${limit}/hour) and ${needed} load-test managers are needed: wait, or restart the stack`,
    );
  }
  const taken = new Set(managers.map((manager) => manager.email));
  const emails = [];
  for (let index = 1; emails.length < needed; index++) {
    if (!taken.has(managerEmail(index))) emails.push(managerEmail(index));
  }
  const directory = await ensureDirectoryWorkers({ db, client, emails, log });
  log(`  the seeded admin makes ${needed} load-test manager(s) with createAccount`);
  for (const email of emails) {
    const answer = await retryTimeout(() =>
      client.call('createAccount', adminSession.idToken, { workerId: directory.get(email), role: 'manager' }),
    );
    if (answer.error) throw new Error(`createAccount (manager) for ${email} failed: ${answer.error}`);
    await client.setPassword(answer.result.link, LOAD_PASSWORD);
    const session = await client.signIn(email, LOAD_PASSWORD);
    creators.push({ idToken: session.idToken, room: limit });
    made.managers += 1;
  }
  return creators;
}
