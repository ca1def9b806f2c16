import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageReadError } from './storage-url';
import { useStoredFileUrl } from './use-stored-file-url';

const fake = vi.hoisted(() => ({ blob: vi.fn<(path: string) => Promise<Blob>>() }));

vi.mock('./storage-url', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchStorageBlob: (path: string) => fake.blob(path),
}));

describe('useStoredFileUrl', () => {
  beforeEach(() => fake.blob.mockReset());
  // jsdom has no object URLs: these stand in for the browser's, numbering them.
  const objectUrls = { created: [] as Blob[], revoked: [] as string[] };
  beforeEach(() => {
    objectUrls.created.length = 0;
    objectUrls.revoked.length = 0;
    URL.createObjectURL = (blob: Blob) => `blob:http://localhost/${objectUrls.created.push(blob)}`;
    URL.revokeObjectURL = (url: string) => void objectUrls.revoked.push(url);
  });

  it('gives an object URL of the file read under the rules, never a Storage link', async () => {
    const bytes = new Blob(['png'], { type: 'image/png' });
    fake.blob.mockResolvedValue(bytes);
    const { result } = renderHook(() => useStoredFileUrl('tickets/u/t/a.png'));
    expect(result.current).toEqual({ url: null, isLoading: true, isError: false, isDenied: false });
    await waitFor(() =>
      expect(result.current).toEqual({
        url: 'blob:http://localhost/1',
        isLoading: false,
        isError: false,
        isDenied: false,
      }),
    );
    expect(fake.blob).toHaveBeenCalledWith('tickets/u/t/a.png');
    expect(objectUrls.created).toEqual([bytes]);
    expect(result.current.url).not.toMatch(/token=|alt=media/);
  });

  it('revokes the object URL when the component unmounts or the file changes', async () => {
    fake.blob.mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
    const { result, rerender, unmount } = renderHook(({ path }) => useStoredFileUrl(path), {
      initialProps: { path: 'tickets/u/t/a.png' },
    });
    await waitFor(() => expect(result.current.url).toBe('blob:http://localhost/1'));
    rerender({ path: 'tickets/u/t/b.png' });
    expect(objectUrls.revoked).toEqual(['blob:http://localhost/1']);
    await waitFor(() => expect(result.current.url).toBe('blob:http://localhost/2'));
    unmount();
    expect(objectUrls.revoked).toEqual(['blob:http://localhost/1', 'blob:http://localhost/2']);
  });

  it('makes no object URL for a read that ends after unmount', async () => {
    let finish: (blob: Blob) => void = () => undefined;
    fake.blob.mockReturnValue(new Promise<Blob>((resolve) => (finish = resolve)));
    const { unmount } = renderHook(() => useStoredFileUrl('tickets/u/t/slow.png'));
    unmount();
    await act(async () => finish(new Blob(['x'])));
    expect(objectUrls.created).toEqual([]);
  });

  it('tells a file the rules refuse apart from one that failed, and reads again next time', async () => {
    fake.blob.mockRejectedValueOnce(new StorageReadError('denied', 'Storage answered 403'));
    const denied = renderHook(() => useStoredFileUrl('tickets/u/t/theirs.png'));
    await waitFor(() =>
      expect(denied.result.current).toEqual({ url: null, isLoading: false, isError: true, isDenied: true }),
    );

    fake.blob.mockRejectedValueOnce(new StorageReadError('failed', 'Storage answered 503'));
    const failed = renderHook(() => useStoredFileUrl('tickets/u/t/gone.png'));
    await waitFor(() =>
      expect(failed.result.current).toEqual({ url: null, isLoading: false, isError: true, isDenied: false }),
    );

    fake.blob.mockResolvedValueOnce(new Blob(['x']));
    const second = renderHook(() => useStoredFileUrl('tickets/u/t/gone.png'));
    await waitFor(() => expect(second.result.current.url).toBe('blob:http://localhost/1'));
  });
});
