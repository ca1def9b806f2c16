// The security headers Hosting sends, built per deployment: the Content-Security-Policy names the project's
// own functions host and the Firebase hosts it talks to, and the emulator hosts only in a local build.
//
//   node scripts/hosting-headers.mjs --project=<id>   writes firebase.deploy-<id>.json for
//                                                    firebase deploy --config firebase.deploy-<id>.json --project <id>
//
// firebase.json holds the headers of the default project (.firebaserc; hosting-headers.test.ts keeps them in
// step), and the local Emulator Suite (scripts/emulators.mjs) applies the local variant to the config it runs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FUNCTIONS_REGION = 'europe-central2';
/** The emulator ports the web app connects to (auth, firestore, storage, functions). */
const EMULATOR_PORTS = [9099, 8080, 9199, 5001];

/**
 * The project's Storage buckets: the default bucket of a project made since October 2024
 * (`<id>.firebasestorage.app`) and of an older one (`<id>.appspot.com`).
 */
export const defaultBuckets = (projectId) => [`${projectId}.firebasestorage.app`, `${projectId}.appspot.com`];

/**
 * The Firebase API paths of this project only. CSP matches a source ending in `/` as a path prefix:
 * Storage's JSON API names the bucket in the path (`/v0/b/<bucket>/o/...`), Firestore's REST calls the
 * project (`/v1/projects/<id>/databases/...:commit`, @firebase/firestore RestConnection). Firestore's
 * listen and write streams (WebChannel, `/google.firestore.v1.Firestore/Listen/channel`) name the project
 * only in the query string, which CSP cannot match: that prefix is as narrow as a policy can say.
 */
function projectHosts(projectId, buckets) {
  const storage = buckets.map((bucket) => `https://firebasestorage.googleapis.com/v0/b/${bucket}/`);
  const firestore = [
    `https://firestore.googleapis.com/v1/projects/${projectId}/`,
    'https://firestore.googleapis.com/google.firestore.v1.Firestore/',
  ];
  return { storage, firestore };
}

/** The Content-Security-Policy of one deployment. */
export function contentSecurityPolicy({
  projectId,
  region = FUNCTIONS_REGION,
  isLocal = false,
  buckets = defaultBuckets(projectId),
}) {
  const { storage, firestore } = projectHosts(projectId, buckets);
  const emulators = isLocal
    ? EMULATOR_PORTS.flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
    : [];
  const storageEmulator = emulators.filter((host) => host.endsWith(':9199'));
  const connect = [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    ...firestore,
    ...storage,
    'https://content-firebaseappcheck.googleapis.com',
    // Web push: the Messaging SDK registers this browser's token (lib/push/api.ts).
    'https://firebaseinstallations.googleapis.com',
    'https://fcmregistrations.googleapis.com',
    `https://${region}-${projectId}.cloudfunctions.net`,
    ...emulators,
  ];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // 'unsafe-inline' stays: antd's CSS-in-JS (@ant-design/cssinjs) writes <style> elements at run time, and
    // without it every component is unstyled. A nonce needs a new value per response, which Hosting's static
    // headers cannot give; hashes would have to list every style antd can generate for any theme and state.
    // Scripts stay strict ('self' only), which is where an injected page could do harm.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...storage, ...storageEmulator].join(' '),
    "font-src 'self' data:",
    ['connect-src', ...connect].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Every header of every page (`source: "**"`). */
export function securityHeaders(options) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    // Two years, subdomains too: the app is only ever served over HTTPS (Hosting redirects http).
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    // No other window keeps a handle on the app (sign-in uses no popups).
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    // The camera for photos of tickets and safety reports; the location only for a safety report whose
    // reporter chose to share it (the browser asks them first).
    {
      key: 'Permissions-Policy',
      value: 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cache-Control', value: 'no-cache' },
  ];
}

/** A firebase.json object with the headers of this deployment in its `source: "**"` entry. */
export function withSecurityHeaders(config, options) {
  const headers = config.hosting.headers.map((entry) =>
    entry.source === '**' ? { ...entry, headers: securityHeaders(options) } : entry,
  );
  return { ...config, hosting: { ...config.hosting, headers } };
}

export const readFirebaseJson = () => JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
export const defaultProject = () =>
  JSON.parse(readFileSync(path.join(ROOT, '.firebaserc'), 'utf8')).projects.default;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const project = process.argv.find((arg) => arg.startsWith('--project='))?.slice('--project='.length);
  if (!project || !/^[a-z0-9-]{4,30}$/.test(project)) {
    console.error('usage: node scripts/hosting-headers.mjs --project=<firebase project id>');
    process.exit(1);
  }
  const file = `firebase.deploy-${project}.json`;
  const config = withSecurityHeaders(readFirebaseJson(), { projectId: project });
  writeFileSync(path.join(ROOT, file), `${JSON.stringify(config, null, 2)}\n`);
  console.log(`${file}: deploy with  firebase deploy --config ${file} --project ${project}`);
}
