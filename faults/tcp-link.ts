// A TCP link between the Functions emulator and the Firestore emulator that a fault test can
// hold: while held, what the functions send to Firestore is kept here instead of forwarded, so a
// call that reached the functions stops at its first Firestore request, and a test can stop the
// Functions emulator at that point, knowing that nothing of the call reached the database.
// Released, the kept bytes of connections still open are forwarded in order; those of connections
// that closed meanwhile (a killed process's) are dropped, as the network would drop them.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

type Pair = { client: net.Socket; upstream: net.Socket; kept: Buffer[] };

export type TcpLink = {
  /** host:port to give the functions as FIRESTORE_EMULATOR_HOST. */
  host: string;
  hold(): void;
  release(): void;
  /** Bytes kept since the last hold (of open and closed connections). */
  heldBytes(): number;
  /** Connections open through the link. */
  connections(): number;
  close(): Promise<void>;
};

export async function startTcpLink(target: { host: string; port: number }): Promise<TcpLink> {
  const pairs = new Set<Pair>();
  let isHeld = false;
  let heldBytes = 0;

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, kept: [] };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (isHeld) {
        pair.kept.push(chunk);
        heldBytes += chunk.length;
      } else {
        upstream.write(chunk);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      pairs.delete(pair);
      pair.kept = [];
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    hold() {
      isHeld = true;
      heldBytes = 0;
    },
    release() {
      isHeld = false;
      for (const pair of pairs) {
        for (const chunk of pair.kept.splice(0)) pair.upstream.write(chunk);
      }
    },
    heldBytes: () => heldBytes,
    connections: () => pairs.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
