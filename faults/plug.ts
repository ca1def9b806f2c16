// The line between the functions and the local monday.com board, with a plug a fault test can pull:
// an HTTP hop on the board's well-known port that forwards each request to the board. Unplugged,
// it listens no more and drops its open connections, so the functions' requests meet a refused
// connection, as when the board cannot be reached at all; plugged in again, it listens on the
// same port. `unplugAfter(n)` lets n more requests through and pulls the plug at the next one (its
// connection is dropped unanswered): the board lost in the middle of a sync.
import http from 'node:http';
import type { Socket } from 'node:net';

export type Plug = {
  /** The board's GraphQL URL through the plug. */
  url: string;
  unplug(): Promise<void>;
  plug(): Promise<void>;
  unplugAfter(requests: number): void;
  /** Requests forwarded to the board since the start. */
  forwarded(): number;
  close(): Promise<void>;
};

export async function startPlug(boardUrl: string, port: number): Promise<Plug> {
  const target = new URL(boardUrl);
  const sockets = new Set<Socket>();
  let passesLeft = Number.POSITIVE_INFINITY;
  let forwarded = 0;
  let isListening = false;

  const server = http.createServer((req, res) => {
    if (passesLeft <= 0) {
      req.socket.destroy();
      void unplug();
      return;
    }
    passesLeft -= 1;
    forwarded += 1;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        isListening = true;
        resolve();
      });
    });

  async function unplug() {
    if (!isListening) return;
    isListening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  await listen();
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    unplug,
    async plug() {
      passesLeft = Number.POSITIVE_INFINITY;
      if (!isListening) await listen();
    },
    unplugAfter(requests) {
      passesLeft = requests;
    },
    forwarded: () => forwarded,
    close: unplug,
  };
}
