import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createSetBackendLogLevelHandler } from '../src/callable/admin/set-backend-log-level.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import {
  LOG_CONFIG_PATH,
  LOG_LEVEL_TTL_MS,
  type LogSink,
  createBackendLogger,
  passesLevel,
} from '../src/logging/backend-logger.js';
import { callableAuth, callableRequest, createTestAccount, recordingLogger } from '../testing/helpers.js';

const db = adminDb();
const config = db.doc(LOG_CONFIG_PATH);

/** A sink recording what the logger lets through. */
function recordingSink() {
  const written: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      written.push({ level, args });
  const sink: LogSink = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const messages = () => written.map(({ level, args }) => `${level}:${String(args[0])}`);
  return { written, sink, messages };
}

/**
 * The real Firestore, with a count of `config/logging` reads and a switch that makes them fail.
 * Only `doc()` is used by the logger.
 */
function instrumentedDb() {
  const state = { reads: 0, failing: false };
  const wrapped = {
    doc: (path: string) => ({
      get: () => {
        state.reads += 1;
        return state.failing ? Promise.reject(new Error('UNAVAILABLE: no route')) : db.doc(path).get();
      },
    }),
  } as unknown as Firestore;
  return { db: wrapped, state };
}

/** A logger on a fake clock starting at 0. */
function setup() {
  const clock = { now: 0 };
  const { sink, written, messages } = recordingSink();
  const { db: countedDb, state } = instrumentedDb();
  const logger = createBackendLogger({ db: countedDb, sink, now: () => clock.now });
  return { clock, logger, written, messages, state };
}

beforeEach(async () => {
  await config.delete();
});
afterAll(async () => {
  await config.delete();
});

describe('passesLevel', () => {
  it('lets a message through at or above the level', () => {
    expect(passesLevel('error', 'error')).toBe(true);
    expect(passesLevel('warn', 'error')).toBe(false);
    expect(passesLevel('info', 'info')).toBe(true);
    expect(passesLevel('debug', 'info')).toBe(false);
    expect(passesLevel('debug', 'debug')).toBe(true);
  });
});

describe('createBackendLogger', () => {
  it('writes errors only by default, and errors always', async () => {
    const { logger, messages } = setup();
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e', { code: 42 });
    await logger.idle();
    logger.info('i2');
    expect(messages()).toEqual(['error:e']);
    expect(logger.level()).toBe('error');
  });

  it('passes the details as the structured payload, and no second argument without them', () => {
    const { logger, written } = setup();
    logger.error('with', { ticketId: 't1' });
    logger.error('without');
    expect(written).toEqual([
      { level: 'error', args: ['with', { ticketId: 't1' }] },
      { level: 'error', args: ['without'] },
    ]);
  });

  it('judges the first message by the default and honours the stored level once read', async () => {
    await config.set({ level: 'info' });
    const { logger, messages, state } = setup();
    logger.info('before the first read');
    expect(state.reads).toBe(1);
    await logger.idle();
    logger.info('after');
    logger.debug('too fine');
    logger.warn('warn');
    expect(messages()).toEqual(['info:after', 'warn:warn']);
    expect(state.reads).toBe(1);
  });

  it('reads the level again only after the TTL, and then honours a change', async () => {
    await config.set({ level: 'info' });
    const { clock, logger, messages, state } = setup();
    await logger.refresh();
    await config.set({ level: 'error' });

    clock.now = LOG_LEVEL_TTL_MS - 1;
    logger.info('cached info');
    await logger.idle();
    expect(state.reads).toBe(1);

    clock.now = LOG_LEVEL_TTL_MS;
    logger.info('stale info');
    await logger.idle();
    expect(state.reads).toBe(2);
    logger.info('dropped');
    logger.error('kept');
    expect(messages()).toEqual(['info:cached info', 'info:stale info', 'error:kept']);
  });

  it('honours a level set through setBackendLogLevel within the TTL', async () => {
    const admin = await createTestAccount('admin');
    const setLevel = createSetBackendLogLevelHandler({
      db,
      auth: adminAuth(),
      logger: recordingLogger(),
      now: Date.now,
    });
    const { clock, logger, messages } = setup();
    logger.debug('first');
    await logger.idle();
    await setLevel(callableRequest({ level: 'debug' }, await callableAuth(admin)));
    clock.now += LOG_LEVEL_TTL_MS;
    logger.debug('triggers the read');
    await logger.idle();
    logger.debug('shown');
    expect(messages()).toEqual(['debug:shown']);
  });

  it('shares one read among messages logged while it is under way', async () => {
    const { logger, state } = setup();
    logger.info('a');
    logger.warn('b');
    logger.error('c');
    await Promise.all([logger.refresh(), logger.refresh()]);
    expect(state.reads).toBe(1);
  });

  it('keeps the last level when a read fails, never throws, and says so', async () => {
    await config.set({ level: 'warn' });
    const { clock, logger, messages, state } = setup();
    await logger.refresh();
    expect(logger.level()).toBe('warn');

    state.failing = true;
    clock.now = LOG_LEVEL_TTL_MS;
    expect(() => logger.warn('during the outage')).not.toThrow();
    await logger.idle();
    expect(logger.level()).toBe('warn');
    logger.info('still dropped');
    logger.warn('still shown');
    expect(messages()).toEqual([
      'warn:during the outage',
      'warn:Backend log level could not be read; keeping the last one',
      'warn:still shown',
    ]);

    // The failed read counts as a read: the next one waits for the TTL again.
    logger.warn('no new read');
    expect(state.reads).toBe(2);
    await expect(logger.refresh()).resolves.toBe('warn');
  });

  it('keeps errors only when the very first read fails', async () => {
    await config.set({ level: 'debug' });
    const { logger, messages, state } = setup();
    state.failing = true;
    logger.debug('a');
    await logger.idle();
    logger.info('b');
    logger.error('c');
    expect(messages()).toEqual(['error:c']);
  });

  it('reads an unknown stored level as errors only', async () => {
    await config.set({ level: 'verbose' });
    const { logger } = setup();
    await expect(logger.refresh()).resolves.toBe('error');
  });

  it('writes security events at warn whatever the level', () => {
    const { logger, written } = setup();
    logger.security('Security log test entry', { entryId: 'e1' });
    expect(written).toEqual([
      { level: 'warn', args: ['Security log test entry', { entryId: 'e1', security: true }] },
    ]);
  });
});
