// Web push against the Firestore and Auth emulators. There is no FCM emulator: the
// messaging client is a fake at its boundary (`sendEach`), which records the messages and answers
// as FCM would; everything on our side of it (devices stored by the callables, the texts, dead
// tokens forgotten) is real. README "Web push" says how to try the real thing.
import { readFileSync } from 'node:fs';
import type { BatchResponse, Message, SendResponse } from 'firebase-admin/messaging';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegisterPushDeviceHandler } from '../src/callable/push/register-push-device.js';
import { createUnregisterPushDeviceHandler } from '../src/callable/push/unregister-push-device.js';
import { LANGUAGES } from '../src/domain/constants.js';
import { type PushTexts, extractPushTexts } from '../src/domain/push.js';
import { pushDeviceId } from '../src/push/push-devices.js';
import { type PushMessenger, sendPush } from '../src/push/send-push.js';
import { fieldsOf, httpsErrorOf } from '../testing/helpers.js';
import {
  type Account,
  account,
  anonymous,
  clock,
  db,
  handlers,
  logger,
  requestAs,
  seedTicket,
} from '../testing/ticket-processing-fixtures.js';

const register = createRegisterPushDeviceHandler({ db, logger, now: () => clock.now() });
const unregister = createUnregisterPushDeviceHandler({ db, logger });

const TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    extractPushTexts(
      JSON.parse(readFileSync(new URL(`../../web/src/i18n/${language}.json`, import.meta.url), 'utf8')),
    ),
  ]),
) as PushTexts;

/** A messaging client that answers each token as `answers` says (success when not named). */
function fakeMessenger(answers: Record<string, string> = {}) {
  const sent: Message[][] = [];
  let isMade = false;
  const messenger: PushMessenger = {
    sendEach: (messages) => {
      sent.push(messages);
      const responses = messages.map((message): SendResponse => {
        const token = 'token' in message ? message.token : '';
        const code = answers[token];
        return code
          ? ({ success: false, error: { code, message: code } } as SendResponse)
          : { success: true, messageId: `m-${token}` };
      });
      const successCount = responses.filter((response) => response.success).length;
      return Promise.resolve<BatchResponse>({
        responses,
        successCount,
        failureCount: responses.length - successCount,
      });
    },
  };
  return {
    sent,
    wasMade: () => isMade,
    deps: {
      db,
      logger,
      texts: () => TEXTS,
      messenger: () => {
        isMade = true;
        return messenger;
      },
    },
  };
}

const devicesOf = async (uid: string) =>
  (await db.collection(`users/${uid}/pushDevices`).get()).docs.map(
    (doc): Record<string, unknown> & { id: string } => ({ id: doc.id, ...doc.data() }),
  );

/** The notification documents about a ticket, as the trigger reads them. */
async function notificationsOf(ticketId: string) {
  const snapshot = await db.collection('notifications').where('ticketId', '==', ticketId).get();
  return snapshot.docs.map((doc) => ({
    id: doc.id,
    recipient: doc.get('recipient') as unknown,
    ticketId: doc.get('ticketId') as unknown,
    ticketNumber: doc.get('ticketNumber') as unknown,
    key: doc.get('key') as unknown,
    values: doc.get('values') as unknown,
  }));
}

let foreman: Account;
let worker: Account;
let otherWorker: Account;

beforeAll(async () => {
  [foreman, worker, otherWorker] = await Promise.all([account('foreman'), account('user'), account('user')]);
});

describe('registerPushDevice and unregisterPushDevice', () => {
  it('store the device under the caller, by the hash of its token, and forget it', async () => {
    clock.tick();
    const token = `tok-${worker.uid}-1`;
    await expect(register(await requestAs(worker, { token, language: 'en' }))).resolves.toEqual({ ok: true });
    const [stored] = await devicesOf(worker.uid);
    expect(stored).toMatchObject({ id: pushDeviceId(token), token, language: 'en' });
    expect(stored?.id).not.toContain(token);

    await expect(unregister(await requestAs(worker, { token }))).resolves.toEqual({ ok: true });
    expect(await devicesOf(worker.uid)).toEqual([]);
  });

  it('registering again updates the one device and keeps when it was first registered', async () => {
    const token = `tok-${worker.uid}-2`;
    clock.tick();
    await register(await requestAs(worker, { token }));
    const first = (await devicesOf(worker.uid))[0];
    clock.tick();
    await register(await requestAs(worker, { token, language: 'ru' }));
    const devices = await devicesOf(worker.uid);
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ language: 'ru', createdAt: first?.createdAt });
    expect(devices[0]?.updatedAt).not.toEqual(first?.updatedAt);
    await unregister(await requestAs(worker, { token }));
  });

  it("cannot forget another user's device", async () => {
    const token = `tok-${otherWorker.uid}`;
    await register(await requestAs(otherWorker, { token }));
    await unregister(await requestAs(worker, { token }));
    expect(await devicesOf(otherWorker.uid)).toHaveLength(1);
    await unregister(await requestAs(otherWorker, { token }));
  });

  it('keep at most 10 devices per account: a new one drops the longest unrefreshed', async () => {
    const owner = await account('user');
    const tokens = Array.from({ length: 12 }, (_, index) => `cap-${owner.uid}-${index}`);
    for (const token of tokens.slice(0, 10)) {
      clock.tick();
      await register(await requestAs(owner, { token }));
    }
    // Refreshing the oldest device keeps it: the next ones drop devices 1 and 2 instead.
    clock.tick();
    await register(await requestAs(owner, { token: tokens[0] ?? '' }));
    for (const token of tokens.slice(10)) {
      clock.tick();
      await register(await requestAs(owner, { token }));
    }
    const kept = (await devicesOf(owner.uid)).map((device) => device.token);
    expect(kept).toHaveLength(10);
    expect(kept.sort()).toEqual([tokens[0], ...tokens.slice(3)].sort());
  });

  it('refuse a visitor and a bad token', async () => {
    expect((await httpsErrorOf(register(anonymous({ token: 'x' })))).code).toBe('unauthenticated');
    expect((await httpsErrorOf(unregister(anonymous({ token: 'x' })))).code).toBe('unauthenticated');
    const error = await httpsErrorOf(register(await requestAs(worker, { token: '' })));
    expect(error.code).toBe('invalid-argument');
    expect(Object.keys(fieldsOf(error))).toContain('token');
  });
});

describe('sendPush (the pushNotification trigger)', () => {
  it("pushes a staff status change to the owner's devices, each in its language, and forgets dead tokens", async () => {
    const alive = `tok-${worker.uid}-alive`;
    const dead = `tok-${worker.uid}-dead`;
    const failing = `tok-${worker.uid}-failing`;
    clock.tick();
    await register(await requestAs(worker, { token: alive, language: 'en' }));
    await register(await requestAs(worker, { token: dead }));
    await register(await requestAs(worker, { token: failing, language: 'ru' }));
    const ticketId = await seedTicket(worker);
    clock.tick();
    await handlers.changeStatus(await requestAs(foreman, { ticketId, status: 'inProgress' }));
    const [notification] = await notificationsOf(ticketId);
    if (!notification) throw new Error('no notification written');

    const fake = fakeMessenger({
      [dead]: 'messaging/registration-token-not-registered',
      [failing]: 'messaging/server-unavailable',
    });
    const result = await sendPush(fake.deps, notification);

    expect(result).toEqual({ sent: 1, failed: 2, forgotten: 1 });
    const number = `T-${ticketId.slice(3, 9)}`;
    const byToken = Object.fromEntries(
      (fake.sent[0] ?? []).map((message) => ['token' in message ? message.token : '', message]),
    );
    expect(byToken[alive]).toEqual({
      token: alive,
      data: {
        title: 'Site Tickets',
        body: `Ticket ${number}: the status is now In progress`,
        link: `/ticket/${ticketId}`,
        tag: `ticket-${ticketId}`,
        notificationId: notification.id,
      },
      webpush: { headers: { Urgency: 'high', TTL: '86400' } },
    });
    expect(byToken[dead]?.data?.body).toBe(`Zgłoszenie ${number}: nowy status — W realizacji`);
    expect(byToken[failing]?.data?.body).toBe(`Заявка ${number}: новый статус — В работе`);
    expect((await devicesOf(worker.uid)).map((device) => device.token).sort()).toEqual(
      [alive, failing].sort(),
    );
    expect(logger.entries.at(-1)).toMatchObject({ level: 'warn', message: 'Some pushes failed' });

    await unregister(await requestAs(worker, { token: alive }));
    await unregister(await requestAs(worker, { token: failing }));
  });

  it('makes no messaging client for a recipient without devices', async () => {
    const ticketId = await seedTicket(otherWorker);
    clock.tick();
    await handlers.changeStatus(await requestAs(foreman, { ticketId, status: 'inProgress' }));
    const [notification] = await notificationsOf(ticketId);
    if (!notification) throw new Error('no notification written');
    const fake = fakeMessenger();
    expect(await sendPush(fake.deps, notification)).toEqual({ sent: 0, failed: 0, forgotten: 0 });
    expect(fake.wasMade()).toBe(false);
  });
});
