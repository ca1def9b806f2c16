import { describe, expect, it, vi } from 'vitest';

// The Polish antd texts' chunk fails once (no connection yet), then loads.
let failuresLeft = 1;
vi.mock('antd/es/locale/pl_PL', async (importOriginal) => {
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

describe('whenAntdReady', () => {
  it('tries the texts again after a load that failed, rather than failing for the page’s life', async () => {
    vi.resetModules();
    const { whenAntdReady } = await import('./antd-provider');
    await expect(whenAntdReady('shell')).resolves.toBe('shell');
    expect(failuresLeft).toBe(0);
  });
});
