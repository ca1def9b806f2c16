// An HTTP hop in front of the Functions emulator for the fault tests' own calls: it forwards each
// request at once and then, as told, passes the answer on, holds it (the caller keeps waiting), or
// drops it (the caller's connection closes without an answer: a lost answer). A held call is
// ended by `cutHeld`, which closes the caller's connection the way a server that died does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type GateMode = 'pass' | 'hold' | 'drop';

export type AnswerGate = {
  /** The gate's origin: call `${origin}/<project>/<region>/<function>` as on the emulator. */
  origin: string;
  setMode(mode: GateMode): void;
  /** Answers that came back from the functions (held, dropped or passed on). */
  answered(): number;
  /** Closes the connections of the callers whose answers are held or still awaited. */
  cutHeld(): void;
  close(): Promise<void>;
};

export async function startAnswerGate(target: { host: string; port: number }): Promise<AnswerGate> {
  let mode: GateMode = 'pass';
  let answered = 0;
  const waiting = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const modeOfCall = mode;
    const upstream = http.request(
      { host: target.host, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          answered += 1;
          if (modeOfCall === 'pass') {
            waiting.delete(res);
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
          } else if (modeOfCall === 'drop') {
            waiting.delete(res);
            res.socket?.destroy();
          }
          // 'hold': the caller keeps waiting until cutHeld.
        });
      },
    );
    waiting.add(res);
    // The functions went away before answering: the caller's connection closes too.
    upstream.on('error', () => {
      if (modeOfCall === 'pass') {
        waiting.delete(res);
        res.socket?.destroy();
      }
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setMode: (next) => {
      mode = next;
    },
    answered: () => answered,
    cutHeld() {
      for (const res of waiting) res.socket?.destroy();
      waiting.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of waiting) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
