import { describe, expect, it, vi } from 'vitest';
import { StorageReadError, fetchStorageBlob } from './storage-url';

vi.mock('../auth/api', () => ({
  currentUser: () => ({ getIdToken: () => Promise.resolve('id-token-1') }),
}));

const media = (body: string, contentType: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': contentType } });

type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** What fetchStorageBlob made of an answer, and the one request it sent. */
async function read(path: string, answer: Response) {
  const fetcher = vi.fn<Fetcher>(() => Promise.resolve(answer));
  const outcome = await fetchStorageBlob(path, fetcher).then(
    (blob) => ({ blob, error: null }),
    (error: unknown) => ({ blob: null, error }),
  );
  const [url, init] = fetcher.mock.calls[0] ?? [];
  return { ...outcome, url, init };
}

describe('fetchStorageBlob', () => {
  it('reads the bytes with the ID token, as getBlob does, and asks for no download token', async () => {
    const { blob, url, init } = await read('tickets/u-worker/t 1/photo #1.jpg', media('jpeg', 'image/jpeg'));
    // jsdom's page is on localhost: the emulator is asked on the same host name.
    expect(url).toBe(
      'http://localhost:9199/v0/b/demo-ticket-app.appspot.com/o/tickets%2Fu-worker%2Ft%201%2Fphoto%20%231.jpg?alt=media',
    );
    expect(url).not.toContain('token=');
    expect(init?.headers).toEqual({ Authorization: 'Firebase id-token-1' });
    expect(init?.cache).toBe('no-store');
    expect(blob?.type).toBe('image/jpeg');
    expect(blob?.size).toBe(4);
  });

  it('keeps an attachment type and turns anything else into opaque bytes', async () => {
    expect((await read('a.pdf', media('%PDF', 'application/pdf'))).blob?.type).toBe('application/pdf');
    expect((await read('a.png', media('<svg/>', 'image/svg+xml'))).blob?.type).toBe(
      'application/octet-stream',
    );
    expect((await read('a.png', media('<html>', 'text/html; charset=utf-8'))).blob?.type).toBe(
      'application/octet-stream',
    );
  });

  it('says "denied" when the rules refuse the file, "notFound" and "failed" otherwise', async () => {
    const reasons = await Promise.all(
      [403, 401, 404, 500].map(async (status) => {
        const { error } = await read('a.png', media('{}', 'application/json', status));
        return error instanceof StorageReadError ? error.reason : error;
      }),
    );
    expect(reasons).toEqual(['denied', 'denied', 'notFound', 'failed']);
  });
});
