import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toCatalogTool, useToolCatalog } from './tool-catalog';

const { getDocs, collection } = vi.hoisted(() => ({
  getDocs: vi.fn(),
  collection: vi.fn((_db: unknown, path: string) => ({ path })),
}));
vi.mock('firebase/firestore', () => ({ getDocs, collection }));
vi.mock('../../lib/firebase-data', () => ({ firestore: () => Promise.resolve({ name: 'db' }) }));

const snapshot = (docs: Record<string, unknown>) => ({
  docs: Object.entries(docs).map(([id, data]) => ({ id, data: () => data })),
});

const DRILL = {
  name: 'Cordless drill',
  image: '/tool-images/cordless-drill.svg',
  unit: 'set',
  category: 'power tools',
  status: 'available',
  providedBy: 'company',
};

describe('toCatalogTool', () => {
  it('reads a catalogue document', () => {
    expect(toCatalogTool('cordless-drill', DRILL)).toEqual({ id: 'cordless-drill', ...DRILL });
  });

  it('drops images from other origins', () => {
    for (const image of [
      'https://tracker.example/pixel.png',
      '//tracker.example/pixel.png',
      'javascript:alert(1)',
    ]) {
      expect(toCatalogTool('drill', { ...DRILL, image })?.image).toBeNull();
    }
    expect(toCatalogTool('drill', { ...DRILL, image: undefined })?.image).toBeNull();
  });

  it('does not offer a tool whose status it does not know, and skips a tool without a name', () => {
    expect(toCatalogTool('drill', { ...DRILL, status: 'on order' })?.status).toBe('unavailable');
    expect(toCatalogTool('drill', { ...DRILL, name: ' ' })).toBeNull();
  });
});

describe('useToolCatalog', () => {
  it('reads toolCatalog, reports a failure, reads again on retry and then keeps the result', async () => {
    getDocs.mockRejectedValueOnce(new Error('unavailable'));
    const { result } = renderHook(() => useToolCatalog());
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current).toMatchObject({ isLoading: false, tools: [] });
    expect(collection).toHaveBeenCalledWith({ name: 'db' }, 'toolCatalog');

    getDocs.mockResolvedValueOnce(
      snapshot({
        'tape-measure': { ...DRILL, name: 'Tape measure', category: 'measuring' },
        'cordless-drill': DRILL,
        broken: { unit: 'pcs' },
        'angle-grinder': { ...DRILL, name: 'Angle grinder' },
      }),
    );
    act(() => result.current.retry());
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.error).toBeNull();
    expect(result.current.tools.map((tool) => tool.id)).toEqual([
      'tape-measure',
      'angle-grinder',
      'cordless-drill',
    ]);

    const second = renderHook(() => useToolCatalog());
    await waitFor(() => expect(second.result.current.tools).toHaveLength(3));
    expect(getDocs).toHaveBeenCalledTimes(2);
  });
});
