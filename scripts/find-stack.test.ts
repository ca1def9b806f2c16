import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  findFirestoreEmulator,
  findJava,
  findStack,
  findStorageEmulator,
  writeWrapperJar,
} from './find-stack.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'find-stack-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake JDK whose `java -version` reports `version` the way OpenJDK does (on stderr). */
function fakeJdk(name: string, version: string) {
  const home = path.join(dir, 'jvm', name);
  mkdirSync(path.join(home, 'bin'), { recursive: true });
  const bin = path.join(home, 'bin', 'java');
  writeFileSync(bin, `#!/bin/sh\necho 'openjdk version "${version}" 2025-04-15' >&2\n`);
  chmodSync(bin, 0o755);
  return { home, bin };
}

function file(relative: string) {
  const full = path.join(dir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'jar');
  return full;
}

const FIREBASE_TABLE = createRequire(import.meta.url)(
  'firebase-tools/lib/emulator/downloadableEmulatorInfo.json',
) as Record<string, { downloadPathRelativeToCacheDir: string }>;
const cachedName = (emulator: string) => FIREBASE_TABLE[emulator]?.downloadPathRelativeToCacheDir ?? '';

describe('findJava', () => {
  it('takes JAVA_HOME when it is 21 or newer', () => {
    const jdk = fakeJdk('jdk-21', '21.0.2');
    expect(findJava({ JAVA_HOME: jdk.home, PATH: '', JVM_ROOT: path.join(dir, 'none') })).toMatchObject({
      bin: jdk.bin,
      major: 21,
      source: 'JAVA_HOME',
    });
  });

  it('passes over a Java 17 on JAVA_HOME and PATH for the newest under the JVM folder', () => {
    const old = fakeJdk('java-17', '17.0.15');
    fakeJdk('java-21', '21.0.1');
    const newest = fakeJdk('temurin-25', '25');
    const found = findJava({
      JAVA_HOME: old.home,
      PATH: path.dirname(old.bin),
      JVM_ROOT: path.join(dir, 'jvm'),
    });
    expect(found).toMatchObject({ bin: newest.bin, major: 25 });
  });

  it('reads the old 1.8 scheme as 8 and says what it saw when nothing is new enough', () => {
    const old = fakeJdk('jdk8', '1.8.0_392');
    const found = findJava({ JAVA_HOME: old.home, PATH: '', JVM_ROOT: path.join(dir, 'jvm') });
    expect(found).toEqual({ missing: `JAVA_HOME: Java 8; ${path.join(dir, 'jvm')}: Java 8` });
  });

  it('says so when there is no java at all', () => {
    expect(findJava({ PATH: '', JVM_ROOT: path.join(dir, 'none') })).toEqual({ missing: 'no java anywhere' });
  });
});

describe('findFirestoreEmulator', () => {
  it('prefers an explicit binary, then firebase-tools’ own download, then a gcloud component', () => {
    const gcloudJar = file('sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
    const roots = [path.join(dir, 'sdk')];
    const cacheEnv = { FIREBASE_EMULATORS_PATH: path.join(dir, 'cache') };
    expect(findFirestoreEmulator(cacheEnv, roots)).toMatchObject({ kind: 'gcloud', jar: gcloudJar });

    const cached = file(`cache/${cachedName('firestore')}`);
    expect(findFirestoreEmulator(cacheEnv, roots)).toMatchObject({ kind: 'firebase-cache', jar: cached });

    const binary = file('bin/emulator');
    expect(
      findFirestoreEmulator({ ...cacheEnv, FIRESTORE_EMULATOR_BINARY_PATH: binary }, roots),
    ).toMatchObject({ kind: 'override', binaryPath: binary });
  });

  it('takes a JAR named in FIRESTORE_EMULATOR_JAR and refuses a path that does not exist', () => {
    const jar = file('elsewhere/emulator.jar');
    expect(findFirestoreEmulator({ FIRESTORE_EMULATOR_JAR: jar }, [])).toMatchObject({ kind: 'gcloud', jar });
    expect(findFirestoreEmulator({ FIRESTORE_EMULATOR_JAR: path.join(dir, 'no.jar') }, [])).toHaveProperty(
      'missing',
    );
  });

  it('finds the gcloud component under CLOUDSDK_ROOT_DIR', () => {
    const jar = file('custom-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
    const env = { CLOUDSDK_ROOT_DIR: path.join(dir, 'custom-sdk'), PATH: '' };
    expect(findFirestoreEmulator(env)).toMatchObject({ kind: 'gcloud', jar });
  });

  it('says what is missing when there is none', () => {
    expect(findFirestoreEmulator({ FIREBASE_EMULATORS_PATH: path.join(dir, 'cache') }, [])).toHaveProperty(
      'missing',
    );
  });
});

describe('findStorageEmulator', () => {
  it('can run only with its rules runtime in firebase-tools’ cache or given', () => {
    const env = { FIREBASE_EMULATORS_PATH: path.join(dir, 'cache') };
    expect(findStorageEmulator(env).canRun).toBe(false);
    file(`cache/${cachedName('storage')}`);
    expect(findStorageEmulator(env)).toEqual({ canRun: true, source: 'firebase-tools cache' });
  });
});

/** The entries of a ZIP file, read from its local headers. */
function unzip(buffer: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const method = buffer.readUInt16LE(offset + 8);
    const size = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extraLength = buffer.readUInt16LE(offset + 28);
    const name = buffer.toString('utf8', offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extraLength;
    const data = buffer.subarray(start, start + size);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    offset = start + size;
  }
  return entries;
}

describe('writeWrapperJar', () => {
  const longJar = file.bind(null);

  it('writes a manifest naming the emulator main class and the real JAR, folded at 72 bytes', async () => {
    const { readFileSync } = await import('node:fs');
    const target = longJar('a-rather-long-folder-name/that-keeps-going/cloud-firestore-emulator.jar');
    const wrapper = writeWrapperJar(target, path.join(dir, 'out'));
    const manifest = unzip(readFileSync(wrapper)).get('META-INF/MANIFEST.MF') ?? '';
    for (const line of manifest.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(72);
    const unfolded = manifest.replaceAll('\r\n ', '');
    expect(unfolded).toContain(
      'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\r\n',
    );
    expect(unfolded).toContain(`Class-Path: file://${target}\r\n`);
  });

  it('is a JAR the JDK’s own jar tool reads, where a JDK is here', () => {
    const found = findJava();
    if ('missing' in found) return;
    const jarTool = path.join(found.home, 'bin', 'jar');
    const wrapper = writeWrapperJar(longJar('x/emulator.jar'), path.join(dir, 'out'));
    const listed = spawnSync(jarTool, ['tf', wrapper], { encoding: 'utf8' });
    if (listed.error) return;
    expect(listed.stdout.trim()).toBe('META-INF/MANIFEST.MF');
  });
});

describe('findStack', () => {
  it('is ready with a Java 21+ and the emulator, and puts that Java first for firebase-tools', () => {
    const jdk = fakeJdk('temurin-25', '25.0.1');
    const jar = file('sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
    const found = findStack({
      env: {
        PATH: '/usr/bin',
        JVM_ROOT: path.join(dir, 'jvm'),
        FIREBASE_EMULATORS_PATH: path.join(dir, 'c'),
      },
      tmpDir: path.join(dir, 'tmp'),
      sdkRoots: [path.join(dir, 'sdk')],
    });
    expect(found.isReady).toBe(true);
    expect(found.problem).toBeNull();
    expect(found.env.JAVA_HOME).toBe(jdk.home);
    expect(found.env.PATH?.split(path.delimiter)[0]).toBe(path.dirname(jdk.bin));
    expect(found.env.FIRESTORE_EMULATOR_BINARY_PATH).toBe(
      path.join(dir, 'tmp', 'cloud-firestore-emulator-wrapper.jar'),
    );
    expect(found.summary).toBe(
      `Java 25 (${jdk.bin}); Firestore emulator: ${jar} (gcloud component in ${path.join(dir, 'sdk')}); Storage: no (its rules runtime is not downloaded)`,
    );
  });

  it('is not ready, in one line naming both, without Java 21+ and without the emulator', () => {
    fakeJdk('java-17', '17.0.15');
    const found = findStack({
      env: { PATH: '', JVM_ROOT: path.join(dir, 'jvm'), FIREBASE_EMULATORS_PATH: path.join(dir, 'c') },
      tmpDir: path.join(dir, 'tmp'),
      sdkRoots: [],
    });
    expect(found.isReady).toBe(false);
    expect(found.problem).toMatch(
      /^The local stack needs a Java 21\+ \(found: .*Java 17\) and the Firestore emulator \(found: none in/,
    );
    expect(found.problem).not.toContain('\n');
    expect(found.env).toEqual({});
  });

  it('leaves what this machine lacks to firebase-tools’ download when it can be downloaded now', () => {
    fakeJdk('temurin-25', '25');
    const found = findStack({
      env: { PATH: '', JVM_ROOT: path.join(dir, 'jvm'), FIREBASE_EMULATORS_PATH: path.join(dir, 'c') },
      tmpDir: path.join(dir, 'tmp'),
      sdkRoots: [],
      downloadable: new Set(['firestore', 'storage']),
    });
    expect(found.isReady).toBe(true);
    expect(found.firestore).toEqual({ kind: 'download', source: 'firebase-tools downloads it' });
    expect(found.storage.canRun).toBe(true);
    expect(found.env).not.toHaveProperty('FIRESTORE_EMULATOR_BINARY_PATH');
  });

  it('never offers a download without a Java 21+ to run it', () => {
    fakeJdk('java-17', '17.0.15');
    const found = findStack({
      env: { PATH: '', JVM_ROOT: path.join(dir, 'jvm'), FIREBASE_EMULATORS_PATH: path.join(dir, 'c') },
      tmpDir: path.join(dir, 'tmp'),
      sdkRoots: [],
      downloadable: new Set(['firestore', 'storage']),
    });
    expect(found.isReady).toBe(false);
    expect(found.storage.canRun).toBe(false);
  });
});
