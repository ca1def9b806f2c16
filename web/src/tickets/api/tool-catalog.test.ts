import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCatalogTool, useToolCatalog } from './tool-catalog';

vi.mock('../../lib/auth/api', () => ({
  currentUser: () => ({ getIdToken: () => Promise.resolve('id-token-1') }),
}));

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const answer = (docs: Record<string, unknown>) =>
  new Response(
    JSON.stringify({ data: Object.entries(docs).map(([id, data]) => ({ id, ...(data as object) })) }),
    {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    },
  );

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
  it('reads GET /api/tool-catalog, reports a failure, reads again on retry and then keeps the result', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":{}}', { status: 503 }));
    const { result } = renderHook(() => useToolCatalog());
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current).toMatchObject({ isLoading: false, tools: [] });
    expect(fetchMock).toHaveBeenCalledWith('/api/tool-catalog', {
      headers: { Authorization: 'Bearer id-token-1', Accept: 'application/json' },
    });

    fetchMock.mockResolvedValueOnce(
      answer({
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
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
