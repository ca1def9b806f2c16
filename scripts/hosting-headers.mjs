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

/** The Content-Security-Policy of one deployment. */
export function contentSecurityPolicy({ projectId, region = FUNCTIONS_REGION, isLocal = false }) {
  const emulators = isLocal
    ? EMULATOR_PORTS.flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
    : [];
  const storageEmulator = emulators.filter((host) => host.endsWith(':9199'));
  const connect = [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
    'https://firebasestorage.googleapis.com',
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
    "style-src 'self' 'unsafe-inline'",
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      'https://firebasestorage.googleapis.com',
      ...storageEmulator,
    ].join(' '),
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
    {
      key: 'Permissions-Policy',
      value: 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
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
