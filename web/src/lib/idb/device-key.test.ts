import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_KEY_WAIT_MS,
  KEY_PREFETCH_DELAY_MS,
  deviceKey,
  forgetDeviceKeys,
  prefetchDeviceKey,
  sealingKeys,
} from './device-key';
import { memoryKeyValueStore } from './key-value-store';
import { open, seal } from './sealed-store';

const RAW = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, index) => index)));
const OTHER = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, index) => 255 - index)));

describe('deviceKey', () => {
  afterEach(() => {
    forgetDeviceKeys();
    vi.useRealTimers();
  });

  it('asks the server once per account and sign-in, and the same raw key opens what it sealed', async () => {
    const source = vi.fn(() => Promise.resolve(RAW));
    const key = await deviceKey('u-worker', source);
    expect(await deviceKey('u-worker', source)).toBe(key);
    expect(source).toHaveBeenCalledTimes(1);
    const sealed = await seal(key, { description: 'kept' });

    // After a sign-out the key is gone; signing in again as the same account brings the same key back.
    forgetDeviceKeys();
    const again = await deviceKey('u-worker', source);
    expect(source).toHaveBeenCalledTimes(2);
    expect(await open(again, sealed)).toEqual({ description: 'kept' });

    // Another account's key opens nothing of it.
    const other = await deviceKey('u-other', () => Promise.resolve(OTHER));
    expect(await open(other, sealed)).toBeUndefined();
  });

  it('drops an answer that arrives after a sign-out: nothing is written back, and the next sign-in asks again', async () => {
    const store = memoryKeyValueStore();
    let answer: (raw: string) => void = () => undefined;
    const late = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const pending = deviceKey('u-worker', late, store);
    await vi.waitFor(() => expect(late).toHaveBeenCalledTimes(1));

    forgetDeviceKeys();
    answer(RAW);
    await expect(pending).rejects.toThrow();
    expect([...store.records.keys()]).toEqual([]);

    const source = vi.fn(() => Promise.resolve(RAW));
    await deviceKey('u-worker', source, store);
    expect(source).toHaveBeenCalledTimes(1);
    expect([...store.records.keys()]).toEqual(['u-worker']);
  });

  it('does not keep a failure: the next use asks again', async () => {
    const source = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(RAW);
    await expect(deviceKey('u-worker', source)).rejects.toThrow('offline');
    await expect(deviceKey('u-worker', source)).resolves.toBeDefined();
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('is fetched shortly after a signed-in screen opens, and again when the connection returns after a failure', async () => {
    vi.useFakeTimers();
    const source = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(RAW);
    const stop = prefetchDeviceKey('u-worker', source);
    expect(source).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(KEY_PREFETCH_DELAY_MS);
    expect(source).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(source).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(source).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('sealingKeys', () => {
  afterEach(() => {
    forgetDeviceKeys();
    vi.useRealTimers();
  });

  it('seals with the account key when it comes, else with the phone key, which no sign-out leaves behind', async () => {
    const offline = sealingKeys('u-worker', () => Promise.reject(new Error('offline')));
    const sealer = await offline.forSealing();
    expect(sealer.id).toBe('phone');
    const sealed = await seal(sealer.key, { description: 'typed with no signal' });
    expect(await open(await offline.forOpening('phone'), sealed)).toEqual({
      description: 'typed with no signal',
    });

    const online = sealingKeys('u-worker', () => Promise.resolve(RAW));
    expect((await online.forSealing()).id).toBe('account');

    // After a sign-out the phone key is gone: a new one opens nothing the old one sealed.
    forgetDeviceKeys();
    expect(await open(await offline.forOpening('phone'), sealed)).toBeUndefined();
  });

  it('does not wait on a hanging request for the account key longer than ACCOUNT_KEY_WAIT_MS', async () => {
    vi.useFakeTimers();
    const keys = sealingKeys('u-worker', () => new Promise<string>(() => undefined));
    const sealer = keys.forSealing();
    await vi.advanceTimersByTimeAsync(ACCOUNT_KEY_WAIT_MS);
    expect((await sealer).id).toBe('phone');
  });
});
