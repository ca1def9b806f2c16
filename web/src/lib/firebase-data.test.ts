import type { Firestore } from 'firebase/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOnline } from '../testing/online';
import { settledProbe } from './connectivity';
import { followConnectivity } from './firebase-data';
import { reachOrigin } from './reach-origin';

type Sdk = Parameters<typeof followConnectivity>[1];

function fakeSdk() {
  const enableNetwork = vi.fn(() => Promise.resolve());
  const disableNetwork = vi.fn(() => Promise.resolve());
  return { sdk: { enableNetwork, disableNetwork } as unknown as Sdk, enableNetwork, disableNetwork };
}

const db = { type: 'firestore' } as unknown as Firestore;

describe('Firestore following the connectivity signal', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('stops connecting while the app is offline and connects at once when it is back', async () => {
    const { sdk, enableNetwork, disableNetwork } = fakeSdk();
    const stop = followConnectivity(db, sdk);
    await settledProbe();
    expect(disableNetwork).not.toHaveBeenCalled();
    setOnline(false);
    expect(disableNetwork).toHaveBeenCalledExactlyOnceWith(db);
    setOnline(true);
    await settledProbe();
    expect(enableNetwork).toHaveBeenCalledExactlyOnceWith(db);
    stop();
  });

  it('counts a Wi-Fi with no way out as offline too', async () => {
    vi.mocked(reachOrigin).mockResolvedValue(false);
    const { sdk, enableNetwork, disableNetwork } = fakeSdk();
    const stop = followConnectivity(db, sdk);
    await settledProbe();
    expect(disableNetwork).toHaveBeenCalledExactlyOnceWith(db);
    expect(enableNetwork).not.toHaveBeenCalled();
    stop();
  });
});
