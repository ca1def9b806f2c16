// What the callables mode says to the running local stack, over HTTP as the app does: Auth
// emulator sign-in and password setting (the Identity Toolkit REST API), callables (the callable
// protocol: POST {"data": ...} with the ID token), and the local monday.com board's admin endpoint
// that adds a worker as a user on the board would (scripts/fake-monday/server.mjs).
import { authorityOf } from './options.mjs';

/** Any key works against the Auth emulator. */
const API_KEY = 'load-test';

async function postJson(url, body, headers = {}, timeoutMs = 60_000) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text below
  }
  return { status: response.status, json, text };
}

/** A callable's answer body as {result} or {error: "STATUS message"}. */
export function callableOutcome(status, json) {
  if (status === 200 && json && 'result' in json) return { result: json.result, error: null };
  const error = json?.error;
  return {
    result: null,
    error: error
      ? `${status} ${error.status ?? ''} ${error.message ?? ''}`.replace(/\s+/g, ' ').trim()
      : `${status}`,
  };
}

export function stackClient({ auth, functions, board, project, region }) {
  const authBase = `http://${authorityOf(auth)}/identitytoolkit.googleapis.com/v1`;
  const callableUrl = (name) => `http://${authorityOf(functions)}/${project}/${region}/${name}`;
  const boardBase = `http://${authorityOf(board)}`;
  return {
    callableUrl,

    /** {uid, idToken}; throws with the emulator's code (INVALID_PASSWORD, EMAIL_NOT_FOUND, ...). */
    async signIn(email, password) {
      const { status, json } = await postJson(`${authBase}/accounts:signInWithPassword?key=${API_KEY}`, {
        email,
        password,
        returnSecureToken: true,
      });
      if (status !== 200 || !json?.idToken)
        throw new Error(`sign-in of ${email} failed: ${json?.error?.message ?? status}`);
      return { uid: json.localId, idToken: json.idToken };
    },

    /** Sets the password as the set-password e-mail's link does (its oobCode). */
    async setPassword(link, password) {
      const oobCode = new URL(link).searchParams.get('oobCode');
      if (!oobCode) throw new Error('the set-password link holds no oobCode');
      const { status, json } = await postJson(`${authBase}/accounts:resetPassword?key=${API_KEY}`, {
        oobCode,
        newPassword: password,
      });
      if (status !== 200) throw new Error(`setting the password failed: ${json?.error?.message ?? status}`);
    },

    /** Calls a callable with an ID token: {result} or {error} (a timeout rejects). */
    async call(name, idToken, data, timeoutMs) {
      const { status, json } = await postJson(
        callableUrl(name),
        { data },
        { authorization: `Bearer ${idToken}` },
        timeoutMs,
      );
      return callableOutcome(status, json);
    },

    /** Whether the functions emulator serves `name` (an unauthenticated call answers 401, not 404). */
    async servesCallable(name) {
      const { status } = await postJson(callableUrl(name), { data: {} });
      return status !== 404;
    },

    /** Whether the local board answers. */
    async hasBoard() {
      try {
        const response = await fetch(`${boardBase}/admin/stats`, { signal: AbortSignal.timeout(3000) });
        return response.ok;
      } catch {
        return false;
      }
    },

    /** Adds a worker on the board (its webhook reaches the functions, which fill the read model). */
    async addBoardWorker({ name, email }) {
      const { status, text } = await postJson(`${boardBase}/admin/items`, { name, columns: { email } });
      if (status !== 200) throw new Error(`the board refused the new worker ${email}: ${status} ${text}`);
    },
  };
}
