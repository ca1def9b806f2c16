// The one place that finds what the local Emulator Suite needs: a Java 21+, the official Cloud Firestore
// emulator and whether the Storage emulator can run. `npm start`, `npm test`, the bench and CI all ask here,
// and `node scripts/find-stack.mjs` prints the same one-line answer.
//
// Nothing is looked up by a version string of ours: firebase-tools' own download table names the files it
// would use, a gcloud SDK names its component folder, and Java versions are read from `java -version`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';

export const MIN_JAVA = 21;
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const GCLOUD_COMPONENT = path.join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');

/** firebase-tools' cache folder, as firebase-tools itself computes it. */
function firebaseCacheDir(env) {
  return env.FIREBASE_EMULATORS_PATH || path.join(os.homedir(), '.cache', 'firebase', 'emulators');
}

/** firebase-tools' own table of the emulator files it downloads (version, file name). */
function firebaseDownloadTable() {
  try {
    const require = createRequire(import.meta.url);
    return require('firebase-tools/lib/emulator/downloadableEmulatorInfo.json');
  } catch {
    return {};
  }
}

/** The major version a `java` binary reports, or null when it does not run. */
export function javaMajorOf(javaBin) {
  const result = spawnSync(javaBin, ['-version'], { encoding: 'utf8', timeout: 20_000 });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function whichJava(env) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'java');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * A Java 21+: JAVA_HOME first, then `java` on PATH, then the newest under /usr/lib/jvm.
 * Returns {home, bin, major, source} or {missing} saying what was seen.
 */
export function findJava(env = process.env) {
  const seen = [];
  const consider = (bin, source) => {
    if (!bin || !existsSync(bin)) return null;
    const major = javaMajorOf(bin);
    if (major === null) return null;
    seen.push(`${source}: Java ${major}`);
    return major >= MIN_JAVA ? { bin, home: path.dirname(path.dirname(bin)), major, source } : null;
  };
  const fromHome = env.JAVA_HOME ? consider(path.join(env.JAVA_HOME, 'bin', 'java'), 'JAVA_HOME') : null;
  if (fromHome) return fromHome;
  const fromPath = consider(whichJava(env), 'PATH');
  if (fromPath) return fromPath;
  const jvmRoot = env.JVM_ROOT || '/usr/lib/jvm';
  const installed = existsSync(jvmRoot)
    ? readdirSync(jvmRoot)
        .map((name) => path.join(jvmRoot, name, 'bin', 'java'))
        .filter((bin) => existsSync(bin))
        .map((bin) => ({ bin, major: javaMajorOf(bin) }))
        .filter((java) => java.major !== null)
        .sort((a, b) => b.major - a.major)
    : [];
  const newest = installed[0];
  if (newest) seen.push(`${jvmRoot}: Java ${installed.map((java) => java.major).join(', ')}`);
  if (newest && newest.major >= MIN_JAVA) {
    return {
      bin: newest.bin,
      home: path.dirname(path.dirname(newest.bin)),
      major: newest.major,
      source: jvmRoot,
    };
  }
  return { missing: seen.length > 0 ? seen.join('; ') : 'no java anywhere' };
}

/** gcloud SDK roots to look in for the Firestore emulator component. */
export function gcloudRoots(env = process.env) {
  const roots = [];
  if (env.CLOUDSDK_ROOT_DIR) roots.push(env.CLOUDSDK_ROOT_DIR);
  const gcloud = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (!gcloud.error && gcloud.status === 0 && gcloud.stdout.trim()) roots.push(gcloud.stdout.trim());
  roots.push(
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    path.join(os.homedir(), 'google-cloud-sdk'),
  );
  return [...new Set(roots)];
}

/**
 * The Firestore emulator: an env override, firebase-tools' own cached download, else the gcloud component
 * (Debian's google-cloud-cli-firestore-emulator or `gcloud components install cloud-firestore-emulator`).
 * Returns {kind: 'override'|'firebase-cache'|'gcloud', jar?, binaryPath?, source} or {missing}.
 * `sdkRoots`: the gcloud SDK folders to look in (by default those gcloudRoots finds).
 */
export function findFirestoreEmulator(env = process.env, sdkRoots = gcloudRoots(env)) {
  if (env.FIRESTORE_EMULATOR_BINARY_PATH) {
    const binaryPath = env.FIRESTORE_EMULATOR_BINARY_PATH;
    if (!existsSync(binaryPath))
      return { missing: `FIRESTORE_EMULATOR_BINARY_PATH=${binaryPath} does not exist` };
    return { kind: 'override', binaryPath, source: 'FIRESTORE_EMULATOR_BINARY_PATH' };
  }
  if (env.FIRESTORE_EMULATOR_JAR) {
    const jar = env.FIRESTORE_EMULATOR_JAR;
    if (!existsSync(jar)) return { missing: `FIRESTORE_EMULATOR_JAR=${jar} does not exist` };
    return { kind: 'gcloud', jar, source: 'FIRESTORE_EMULATOR_JAR' };
  }
  const own = firebaseDownloadTable().firestore?.downloadPathRelativeToCacheDir;
  if (own) {
    const cached = path.join(firebaseCacheDir(env), own);
    if (existsSync(cached)) return { kind: 'firebase-cache', jar: cached, source: 'firebase-tools cache' };
  }
  for (const root of sdkRoots) {
    const jar = path.join(root, GCLOUD_COMPONENT);
    if (existsSync(jar)) return { kind: 'gcloud', jar, source: `gcloud component in ${root}` };
  }
  return {
    missing: 'none in the firebase-tools cache, a gcloud SDK or FIRESTORE_EMULATOR_JAR',
  };
}

/** Whether the Storage emulator can start: its rules runtime must be cached or given (it is a download). */
export function findStorageEmulator(env = process.env) {
  if (env.STORAGE_EMULATOR_BINARY_PATH && existsSync(env.STORAGE_EMULATOR_BINARY_PATH)) {
    return { canRun: true, source: 'STORAGE_EMULATOR_BINARY_PATH' };
  }
  const own = firebaseDownloadTable().storage?.downloadPathRelativeToCacheDir;
  if (own && existsSync(path.join(firebaseCacheDir(env), own)))
    return { canRun: true, source: 'firebase-tools cache' };
  return { canRun: false, source: 'its rules runtime is not downloaded' };
}

/** A manifest line folded at 72 bytes, as the JAR specification wants. */
function foldManifestLine(line) {
  const parts = [];
  let rest = line;
  parts.push(rest.slice(0, 70));
  rest = rest.slice(70);
  while (rest.length > 0) {
    parts.push(` ${rest.slice(0, 69)}`);
    rest = rest.slice(69);
  }
  return parts.join('\r\n');
}

/** A stored (uncompressed) ZIP with one file: enough for a manifest-only JAR. */
function zipOneFile(name, content) {
  const nameBytes = Buffer.from(name, 'utf8');
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralOffset = local.length + nameBytes.length + content.length;
  const centralSize = central.length + nameBytes.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, content, central, nameBytes, end]);
}

/**
 * Writes a manifest-only JAR whose Main-Class is the emulator's and whose Class-Path is the real JAR, so that
 * firebase-tools' `java -jar <FIRESTORE_EMULATOR_BINARY_PATH>` runs a JAR that has no Main-Class of its own.
 */
export function writeWrapperJar(targetJar, dir) {
  mkdirSync(dir, { recursive: true });
  const manifest = [
    'Manifest-Version: 1.0',
    `Main-Class: ${FIRESTORE_MAIN_CLASS}`,
    foldManifestLine(`Class-Path: ${pathToFileURL(targetJar).href}`),
    'Created-By: scripts/find-stack.mjs',
    '',
    '',
  ].join('\r\n');
  const file = path.join(dir, 'cloud-firestore-emulator-wrapper.jar');
  writeFileSync(file, zipOneFile('META-INF/MANIFEST.MF', Buffer.from(manifest, 'utf8')));
  return file;
}

/**
 * Everything the full stack needs, found once: {isReady, java, firestore, storage, env, summary, problem}.
 * `env` is what to add to the environment of `firebase` (JAVA_HOME and PATH with the Java 21+ first,
 * FIRESTORE_EMULATOR_BINARY_PATH when firebase-tools cannot use its own file).
 * `tmpDir` receives the wrapper JAR; `sdkRoots` as for findFirestoreEmulator; `downloadable`: the
 * emulators ('firestore', 'storage') firebase-tools could download now (see findStackOnline): one found
 * nowhere on this machine is then left to firebase-tools' ordinary download.
 */
export function findStack({
  env = process.env,
  tmpDir = path.join(os.tmpdir(), 'ticket-app-stack'),
  sdkRoots = gcloudRoots(env),
  downloadable = new Set(),
} = {}) {
  const java = findJava(env);
  let firestore = findFirestoreEmulator(env, sdkRoots);
  if (firestore.missing && !java.missing && downloadable.has('firestore')) {
    firestore = { kind: 'download', source: 'firebase-tools downloads it' };
  }
  let storage = findStorageEmulator(env);
  if (!storage.canRun && !java.missing && downloadable.has('storage')) {
    storage = { canRun: true, source: 'firebase-tools downloads its rules runtime' };
  }
  const stackEnv = {};
  if (!java.missing) {
    stackEnv.JAVA_HOME = java.home;
    stackEnv.PATH = `${path.dirname(java.bin)}${path.delimiter}${env.PATH ?? ''}`;
  }
  if (!firestore.missing) {
    if (firestore.kind === 'override') stackEnv.FIRESTORE_EMULATOR_BINARY_PATH = firestore.binaryPath;
    if (firestore.kind === 'gcloud')
      stackEnv.FIRESTORE_EMULATOR_BINARY_PATH = writeWrapperJar(firestore.jar, tmpDir);
  }
  const problems = [];
  if (java.missing) problems.push(`a Java ${MIN_JAVA}+ (found: ${java.missing})`);
  if (firestore.missing) problems.push(`the Firestore emulator (found: ${firestore.missing})`);
  const javaText = java.missing ? `Java: missing (${java.missing})` : `Java ${java.major} (${java.bin})`;
  const firestoreText = firestore.missing
    ? `Firestore emulator: missing`
    : `Firestore emulator: ${firestore.jar ?? firestore.binaryPath ?? 'to download'} (${firestore.source})`;
  const storageText = storage.canRun ? `Storage: yes (${storage.source})` : `Storage: no (${storage.source})`;
  return {
    isReady: problems.length === 0,
    java,
    firestore,
    storage,
    env: stackEnv,
    summary: `${javaText}; ${firestoreText}; ${storageText}`,
    problem:
      problems.length === 0
        ? null
        : `The local stack needs ${problems.join(' and ')}: see docs/development.md for how to get them.`,
  };
}

/** Whether firebase-tools could download an emulator file now (its download answers within 3 s). */
async function isDownloadable(emulator) {
  const url = firebaseDownloadTable()[emulator]?.remoteUrl;
  if (!url) return false;
  try {
    return (await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

/**
 * findStack, after asking whether firebase-tools could download what this machine lacks (only then:
 * an offline machine with everything installed asks nothing).
 */
export async function findStackOnline(options = {}) {
  const env = options.env ?? process.env;
  const lacks = [];
  if (findFirestoreEmulator(env, options.sdkRoots ?? gcloudRoots(env)).missing) lacks.push('firestore');
  if (!findStorageEmulator(env).canRun) lacks.push('storage');
  const answers = await Promise.all(lacks.map(async (name) => ((await isDownloadable(name)) ? name : null)));
  return findStack({ ...options, downloadable: new Set(answers.filter(Boolean)) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stack = await findStackOnline();
  console.log(stack.summary);
  if (!stack.isReady) {
    console.error(stack.problem);
    process.exit(1);
  }
}
