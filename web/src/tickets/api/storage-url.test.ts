import { describe, expect, it, vi } from 'vitest';
import { downloadUrlOf } from './storage-url';

vi.mock('../../lib/auth/api', () => ({
  currentUser: () => ({ getIdToken: () => Promise.resolve('id-token-1') }),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('downloadUrlOf', () => {
  it('asks the object metadata with the ID token and builds the media URL from the first token', async () => {
    const fetcher = vi.fn(() => Promise.resolve(json({ name: 'x', downloadTokens: 'tok-1,tok-2' })));
    const url = await downloadUrlOf('tickets/u-worker/t 1/photo #1.jpg', fetcher);
    const objectUrl =
      // jsdom's page is on localhost: the emulator is asked on the same host name.
      'http://localhost:9199/v0/b/demo-ticket-app.appspot.com/o/tickets%2Fu-worker%2Ft%201%2Fphoto%20%231.jpg';
    expect(fetcher).toHaveBeenCalledWith(objectUrl, { headers: { Authorization: 'Firebase id-token-1' } });
    expect(url).toBe(`${objectUrl}?alt=media&token=tok-1`);
  });

  it('fails when Storage refuses or the object has no token', async () => {
    await expect(downloadUrlOf('a.png', () => Promise.resolve(json({ error: {} }, 403)))).rejects.toThrow(
      '403',
    );
    await expect(downloadUrlOf('a.png', () => Promise.resolve(json({ name: 'a.png' })))).rejects.toThrow(
      'no download token',
    );
  });
});
