import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as StorageAvailability from './storage-availability';

// The real module (the test setup replaces it for every other test).
const { checkStorageAvailability, resetStorageAvailability } =
  await vi.importActual<typeof StorageAvailability>('./storage-availability');

describe('checkStorageAvailability on the local stack', () => {
  afterEach(() => {
    resetStorageAvailability();
    vi.unstubAllGlobals();
  });

  it('is available when the Storage emulator answers, whatever the status', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('Not Implemented', { status: 501 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(checkStorageAvailability()).resolves.toBe('available');
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/^http:\/\/(127\.0\.0\.1|localhost):9199\/$/),
      expect.anything(),
    );
  });

  it('is unavailable when nothing listens on its port, and asks only once', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    await expect(checkStorageAvailability()).resolves.toBe('unavailable');
    await expect(checkStorageAvailability()).resolves.toBe('unavailable');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
