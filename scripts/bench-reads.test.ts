import { describe, expect, it } from 'vitest';
import { eventsOfLogLine, rpcOf, shortPath } from './bench-reads-probe.mjs';
import { describeTarget, messagesIn, summarizeServer, webChannelFrames } from './bench-reads.mjs';

const DOCS = 'projects/demo-ticket-app/databases/(default)/documents';
/** A line as @google-cloud/firestore's logger writes it (logger.js: version, time, tag, method, text). */
const logLine = (tag: string, method: string, text: string, body: unknown) =>
  `Firestore (7.11.6) 2026-11-28T13:44:51.157Z ${tag} [${method}]: ${text}: ${JSON.stringify(body)}`;

describe('the server probe reads the Firestore SDK log', () => {
  it('counts every document a lookup returns, a missing one too', () => {
    const tags = new Map<string, string>();
    const sent = eventsOfLogLine(
      logLine('aB1', 'Firestore.requestStream', 'Sending request', {
        database: 'projects/demo-ticket-app/databases/(default)',
        documents: [`${DOCS}/users/u-1`, `${DOCS}/sessions/u-1_1`],
      }),
      tags,
    );
    expect(sent).toEqual([{ kind: 'rpc', rpc: 'batchGetDocuments', tag: 'aB1', writes: 0 }]);
    const found = eventsOfLogLine(
      logLine('aB1', 'Firestore.requestStream', 'Received response', {
        found: { name: `${DOCS}/users/u-1`, fields: {} },
        readTime: {},
      }),
      tags,
    );
    const missing = eventsOfLogLine(
      logLine('aB1', 'Firestore.requestStream', 'Received response', { missing: `${DOCS}/sessions/u-1_1` }),
      tags,
    );
    expect([...found, ...missing]).toEqual([
      { kind: 'read', rpc: 'batchGetDocuments', tag: 'aB1', path: `${DOCS}/users/u-1`, found: true },
      { kind: 'read', rpc: 'batchGetDocuments', tag: 'aB1', path: `${DOCS}/sessions/u-1_1`, found: false },
    ]);
  });

  it('counts query documents, aggregation answers and the writes of a commit, and nothing else', () => {
    const tags = new Map<string, string>();
    const lines = [
      logLine('q1', 'Firestore.requestStream', 'Sending request', { parent: DOCS, structuredQuery: {} }),
      logLine('q1', 'Firestore.requestStream', 'Received response', {
        document: { name: `${DOCS}/tickets/t-1` },
      }),
      // The last answer of a query carries only its read time: no document.
      logLine('q1', 'Firestore.requestStream', 'Received response', { readTime: {} }),
      logLine('c1', 'Firestore.requestStream', 'Sending request', { structuredAggregationQuery: {} }),
      logLine('c1', 'Firestore.requestStream', 'Received response', { result: { aggregateFields: {} } }),
      logLine('w1', 'Firestore.request', 'Sending request', { writes: [{}, {}, {}] }),
      logLine('w1', 'Firestore.request', 'Received response', { writeResults: [{}, {}, {}] }),
      'Firestore (7.11.6) 2026-11-28T13:44:50.870Z dkVNn [WriteBatch.commit]: Sending 3 writes',
    ];
    const events = lines.flatMap((line) => eventsOfLogLine(line, tags));
    expect(events.map((event) => `${event.kind} ${event.rpc}`)).toEqual([
      'rpc runQuery',
      'read runQuery',
      'rpc runAggregationQuery',
      'result runAggregationQuery',
      'rpc commit',
    ]);
    const summary = summarizeServer(events.map((event) => ({ ...event, fn: 'listTicketQueue' })));
    expect(summary).toMatchObject({ reads: 2, writes: 3, probeFailures: 0 });
  });

  it('names the RPC from the request and shortens document names', () => {
    expect(rpcOf({ writes: [] })).toBe('commit');
    expect(rpcOf({ addTarget: {} })).toBe('listen');
    expect(rpcOf(null)).toBe('unknown');
    expect(shortPath(`${DOCS}/tickets/t-1/activity/a1`)).toBe('tickets/t-1/activity/a1');
  });
});

describe('the browser side reads the WebChannel answers', () => {
  it('splits length-prefixed frames and keeps an incomplete one for later, counting characters', () => {
    // "ł" is one character and two bytes: the length counts characters.
    const first = '[[1,[{"targetChange":{"targetIds":[2],"targetChangeType":"ADD"}}]]]';
    const second = '[[2,[{"documentChange":{"document":{"name":"a/ł"},"targetIds":[2]}}]]]';
    const text = `${first.length}\n${first}${second.length}\n${second}`;
    const partial = webChannelFrames(text.slice(0, -5));
    expect(partial.frames).toHaveLength(1);
    const rest = webChannelFrames(text, partial.pos);
    expect(rest.pos).toBe(text.length);
    const messages = [...partial.frames, ...rest.frames].flatMap((frame) => messagesIn(frame));
    expect(messages.map((message) => Object.keys(message)[0])).toEqual(['targetChange', 'documentChange']);
  });

  it('describes a Listen target the way the report prints it', () => {
    expect(
      describeTarget({
        targetId: 2,
        query: {
          parent: DOCS,
          structuredQuery: {
            from: [{ collectionId: 'tickets' }],
            where: {
              compositeFilter: {
                op: 'AND',
                filters: [
                  {
                    fieldFilter: {
                      field: { fieldPath: 'createdBy' },
                      op: 'EQUAL',
                      value: { stringValue: 'u-1' },
                    },
                  },
                  {
                    fieldFilter: {
                      field: { fieldPath: 'archived' },
                      op: 'EQUAL',
                      value: { booleanValue: false },
                    },
                  },
                ],
              },
            },
            limit: 20,
          },
        },
      }),
    ).toBe('tickets where createdBy EQUAL "u-1", archived EQUAL false limit 20');
    expect(describeTarget({ targetId: 4, documents: { documents: [`${DOCS}/tickets/t-0001`] } })).toBe(
      'doc tickets/t-0001',
    );
  });
});
