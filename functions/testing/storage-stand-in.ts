// A stand-in for the Cloud Storage JSON API, what FIREBASE_STORAGE_EMULATOR_HOST points the Admin
// SDK at, for the tests of the production Storage code (the file inspector, the bucket object
// store) where the Storage emulator cannot run: object metadata by GET, content by GET with
// alt=media (honouring a Range header), a metadata change by PATCH, removal by DELETE, and listing
// by prefix in pages. A PATCH merges the custom `metadata` map key by key and removes a key sent
// as null, as the JSON API's patch does (https://cloud.google.com/storage/docs/json_api/v1/objects/patch;
// File#setMetadata, https://googleapis.dev/nodejs/storage/latest/File.html#setMetadata).
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInObject = {
  size?: number;
  contentType?: string;
  /** The content; `size` zero bytes when absent. */
  bytes?: Buffer;
  /** The upload time the listing reports (ISO); none when absent. */
  timeCreated?: string;
  /**
   * The custom metadata (`metadata` in the JSON API), e.g. the `firebaseStorageDownloadTokens`
   * that a Firebase SDK upload leaves; none when absent.
   */
  metadata?: Record<string, string>;
};

export type StorageStandIn = {
  /** The bucket's objects by name; tests put objects in and look whether they are still there. */
  objects: Map<string, StandInObject>;
  /**
   * Every request, one line each: `GET bucket/name`, `GET media bucket/name bytes=0-63`,
   * `PATCH bucket/name {"metadata":{...}}`, `DELETE bucket/name` for an object; `GET list bucket ?prefix=...&pageToken=...` for a listing.
   */
  requests: string[];
  /** Stops the server and clears the emulator host variables, so no later test uses it. */
  close: () => Promise<void>;
};

const notFound = JSON.stringify({ error: { code: 404, message: 'Not Found' } });

/** Starts the stand-in on a free port and points the Admin SDK at it. */
export async function startStorageStandIn({
  pageSize = 1000,
}: { pageSize?: number } = {}): Promise<StorageStandIn> {
  const objects = new Map<string, StandInObject>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method === 'PATCH') {
      readBody(req).then(
        (body) => patchObject(objects, requests, req.url ?? '/', body, res),
        () => res.end(),
      );
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? '';
    res.setHeader('Content-Type', 'application/json');

    const object = /\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname);
    if (object) {
      const bucket = object[1] ?? '';
      const name = decodeURIComponent(object[2] ?? '');
      const isMedia = url.searchParams.get('alt') === 'media';
      const range = req.headers.range;
      requests.push(`${method}${isMedia ? ' media' : ''} ${bucket}/${name}${range ? ` ${range}` : ''}`);
      const stored = objects.get(name);
      if (!stored) {
        res.statusCode = 404;
        res.end(notFound);
        return;
      }
      if (method === 'DELETE') {
        objects.delete(name);
        res.statusCode = 204;
        res.end();
        return;
      }
      if (isMedia) {
        const bytes = stored.bytes ?? Buffer.alloc(stored.size ?? 0);
        const [, start = '0', end = ''] = /^bytes=(\d+)-(\d*)$/.exec(range ?? '') ?? [];
        const last = end === '' ? bytes.length - 1 : Math.min(Number(end), bytes.length - 1);
        res.setHeader('Content-Type', stored.contentType ?? 'application/octet-stream');
        res.setHeader('x-goog-stored-content-encoding', 'identity');
        res.statusCode = range ? 206 : 200;
        res.end(bytes.subarray(Number(start), last + 1));
        return;
      }
      res.end(JSON.stringify({ kind: 'storage#object', bucket, ...describe(name, stored) }));
      return;
    }

    const listing = /\/b\/([^/]+)\/o$/.exec(url.pathname);
    if (method === 'GET' && listing) {
      requests.push(`GET list ${listing[1] ?? ''} ${url.search}`);
      const prefix = url.searchParams.get('prefix') ?? '';
      const names = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const page = names.slice(start, start + pageSize);
      res.end(
        JSON.stringify({
          kind: 'storage#objects',
          items: page.map((name) => describe(name, objects.get(name) ?? {})),
          ...(start + pageSize < names.length ? { nextPageToken: String(start + pageSize) } : {}),
        }),
      );
      return;
    }

    requests.push(`${method} ${url.pathname}${url.search}`);
    res.statusCode = 400;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    objects,
    requests,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // The Admin SDK copies the host into STORAGE_EMULATOR_HOST; leave neither behind.
      delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
      delete process.env.STORAGE_EMULATOR_HOST;
    },
  };
}

/** An object's metadata as the JSON API answers it. */
function describe(name: string, object: StandInObject) {
  return {
    name,
    ...(object.size !== undefined ? { size: String(object.size) } : {}),
    ...(object.contentType ? { contentType: object.contentType } : {}),
    ...(object.timeCreated ? { timeCreated: object.timeCreated } : {}),
    ...(object.metadata ? { metadata: object.metadata } : {}),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * A PATCH of an object's metadata: only the custom `metadata` map is modelled (the app changes
 * nothing else); a key sent as null is removed, and a map left empty is dropped.
 */
function patchObject(
  objects: Map<string, StandInObject>,
  requests: string[],
  rawUrl: string,
  body: string,
  res: ServerResponse,
) {
  res.setHeader('Content-Type', 'application/json');
  const match = /\/b\/([^/]+)\/o\/([^/?]+)/.exec(rawUrl);
  const bucket = match?.[1] ?? '';
  const name = decodeURIComponent(match?.[2] ?? '');
  requests.push(`PATCH ${bucket}/${name} ${body}`);
  const stored = objects.get(name);
  if (!stored) {
    res.statusCode = 404;
    res.end(notFound);
    return;
  }
  const patch = (JSON.parse(body || '{}') as { metadata?: Record<string, string | null> }).metadata ?? {};
  const merged = { ...stored.metadata, ...patch };
  const kept = Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null);
  const { metadata: _old, ...rest } = stored;
  const updated: StandInObject = kept.length > 0 ? { ...rest, metadata: Object.fromEntries(kept) } : rest;
  objects.set(name, updated);
  res.end(JSON.stringify({ kind: 'storage#object', bucket, ...describe(name, updated) }));
}
