// Runs under the official Storage emulator: `npm run test:emulators` (needs Java 21).
import { readFileSync } from 'node:fs';
import {
  type RulesTestEnvironment,
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import { getBytes, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, it } from 'vitest';

let env: RulesTestEnvironment;
const MB = 1024 * 1024;

const storageOf = (uid: string, role: string) => env.authenticatedContext(uid, { role }).storage();
const worker = () => storageOf('u-worker', 'user');
const otherWorker = () => storageOf('u-worker2', 'user');
const foreman = () => storageOf('u-foreman', 'foreman');
const bytes = (size: number) => new Uint8Array(size);

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-ticket-app',
    storage: { rules: readFileSync('storage.rules', 'utf8'), host: '127.0.0.1', port: 9199 },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    await uploadBytes(ref(context.storage(), 'tickets/u-worker/r0/existing.jpg'), bytes(10), {
      contentType: 'image/jpeg',
    });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('ticket attachments', () => {
  it('lets the owner upload an image or a PDF up to 5 MB into their own folder', async () => {
    await assertSucceeds(
      uploadBytes(ref(worker(), 'tickets/u-worker/r1/photo.jpg'), bytes(1000), { contentType: 'image/jpeg' }),
    );
    await assertSucceeds(
      uploadBytes(ref(worker(), 'tickets/u-worker/r1/doc.pdf'), bytes(5 * MB), {
        contentType: 'application/pdf',
      }),
    );
  });
  it('refuses a file over 5 MB, a wrong type, another user folder and an overwrite', async () => {
    await assertFails(
      uploadBytes(ref(worker(), 'tickets/u-worker/r1/big.jpg'), bytes(5 * MB + 1), {
        contentType: 'image/jpeg',
      }),
    );
    await assertFails(
      uploadBytes(ref(worker(), 'tickets/u-worker/r1/a.zip'), bytes(10), { contentType: 'application/zip' }),
    );
    await assertFails(
      uploadBytes(ref(worker(), 'tickets/u-worker2/r1/photo.jpg'), bytes(10), { contentType: 'image/png' }),
    );
    await assertFails(
      uploadBytes(ref(worker(), 'tickets/u-worker/r0/existing.jpg'), bytes(10), {
        contentType: 'image/jpeg',
      }),
    );
  });
  it('lets the owner and ticket staff read, not another worker', async () => {
    await assertSucceeds(getBytes(ref(worker(), 'tickets/u-worker/r0/existing.jpg')));
    await assertSucceeds(getBytes(ref(foreman(), 'tickets/u-worker/r0/existing.jpg')));
    await assertFails(getBytes(ref(otherWorker(), 'tickets/u-worker/r0/existing.jpg')));
  });
});

describe('bug report attachments', () => {
  it('lets the reporter upload into their folder only, and nobody read from a client', async () => {
    await assertSucceeds(
      uploadBytes(ref(worker(), 'bug-reports/u-worker/b1/screen.png'), bytes(100), {
        contentType: 'image/png',
      }),
    );
    await assertFails(
      uploadBytes(ref(worker(), 'bug-reports/u-worker2/b1/screen.png'), bytes(100), {
        contentType: 'image/png',
      }),
    );
    await assertFails(getBytes(ref(worker(), 'bug-reports/u-worker/b1/screen.png')));
  });
});

describe('anything else', () => {
  it('is closed', async () => {
    await assertFails(
      uploadBytes(ref(foreman(), 'elsewhere/file.png'), bytes(10), { contentType: 'image/png' }),
    );
  });
});
