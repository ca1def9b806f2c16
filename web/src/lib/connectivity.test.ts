import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOnline } from '../testing/online';
import {
  PROBE_AGAIN_MS,
  PROBE_EVERY_MS,
  isOnline,
  reportConnection,
  settledProbe,
  subscribeConnectivity,
} from './connectivity';
import { reachOrigin } from './reach-origin';

const probes = vi.mocked(reachOrigin);
let origin: 'answers' | 'silent';
const stops: (() => void)[] = [];

function listen() {
  const listener = vi.fn();
  stops.push(subscribeConnectivity(listener));
  return listener;
}

/** Moves the clock on and lets a probe that starts meanwhile end. */
async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settledProbe();
}

function setHidden(isHidden: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(isHidden ? 'hidden' : 'visible');
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the connectivity signal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    origin = 'answers';
    probes.mockClear();
    probes.mockImplementation(() => Promise.resolve(origin === 'answers'));
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts a Wi-Fi with no way out as offline once the probe gets no answer, and says so', async () => {
    origin = 'silent';
    const listener = listen();
    expect(probes).toHaveBeenCalledTimes(1);
    await settledProbe();
    expect(navigator.onLine).toBe(true);
    expect(isOnline()).toBe(false);
    expect(listener).toHaveBeenCalled();
  });

  it('probes again every few seconds while offline and is online as soon as the origin answers', async () => {
    origin = 'silent';
    listen();
    await settledProbe();
    await wait(PROBE_AGAIN_MS);
    expect(probes).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(false);
    origin = 'answers';
    await wait(PROBE_AGAIN_MS);
    expect(probes).toHaveBeenCalledTimes(3);
    expect(isOnline()).toBe(true);
  });

  it('probes less often while online, and not at all while real calls answer', async () => {
    listen();
    await settledProbe();
    await wait(PROBE_AGAIN_MS);
    expect(probes).toHaveBeenCalledTimes(1);
    await wait(PROBE_EVERY_MS - PROBE_AGAIN_MS);
    expect(probes).toHaveBeenCalledTimes(2);
    await wait(PROBE_EVERY_MS - 1000);
    reportConnection(true);
    await wait(1000);
    expect(probes).toHaveBeenCalledTimes(2);
    await wait(PROBE_EVERY_MS);
    expect(probes).toHaveBeenCalledTimes(3);
  });

  it('probes at once when a real call got no answer, and a refusal (an answer) ends offline', async () => {
    listen();
    await settledProbe();
    origin = 'silent';
    reportConnection(false);
    await settledProbe();
    expect(probes).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(false);
    reportConnection(true);
    expect(isOnline()).toBe(true);
  });

  it('sends nothing while the tab is hidden, and probes at once when it is shown again', async () => {
    listen();
    await settledProbe();
    setHidden(true);
    await wait(PROBE_EVERY_MS * 4);
    expect(probes).toHaveBeenCalledTimes(1);
    origin = 'silent';
    setHidden(false);
    await settledProbe();
    expect(probes).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(false);
  });

  it('trusts the browser’s "offline" without probing, and probes at once when it says "online"', async () => {
    const listener = listen();
    await settledProbe();
    setOnline(false);
    expect(isOnline()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    await wait(PROBE_EVERY_MS * 2);
    expect(probes).toHaveBeenCalledTimes(1);
    setOnline(true);
    await settledProbe();
    expect(probes).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(true);
  });

  it('probes only while someone listens', async () => {
    expect(probes).not.toHaveBeenCalled();
    listen();
    await settledProbe();
    stops.splice(0).forEach((stop) => stop());
    await wait(PROBE_EVERY_MS * 3);
    expect(probes).toHaveBeenCalledTimes(1);
    reportConnection(false);
    expect(probes).toHaveBeenCalledTimes(1);
  });
});
