// The check every submission fault ends with: the worker's ticket with this description exists
// exactly once in Firestore, with one number and one 'created' activity entry.
import type { Firestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { ticketNumberPath } from '../functions/src/domain/index.js';

/** The counter the app numbered tickets from before numbers were drawn (ticket-numbers.ts). */
const COUNTER = 'counters/tickets';

/** Where the numbering stands before a test: the counter's last number, for builds that count. */
export async function numberingBefore(db: Firestore): Promise<number> {
  const last: unknown = (await db.doc(COUNTER).get()).get('last');
  return typeof last === 'number' ? last : 0;
}

/**
 * Expects exactly one ticket of `uid` with `description`: one document, one number (the only one
 * taken for it: its one claim in `ticketNumbers` where numbers are drawn, one step of the counter
 * where they are counted), and one 'created' activity entry. Resolves to its id, number, data
 * and activity (the entries' change types).
 */
export async function expectExactlyOnce(
  db: Firestore,
  uid: string,
  description: string,
  counterBefore: number,
): Promise<{ ticketId: string; number: string; activity: unknown[]; data: Record<string, unknown> }> {
  const mine = (await db.collection('tickets').where('createdBy', '==', uid).get()).docs.filter(
    (doc) => doc.get('description') === description,
  );
  expect(mine, 'ticket documents with this description').toHaveLength(1);
  const ticket = mine[0]!;
  const number = String(ticket.get('number'));
  expect(number).toMatch(/^T-\d/);
  const claims = ticketNumberPath(number).split('/')[0]!;
  const claimed = await db.collection(claims).where('ticketId', '==', ticket.id).get();
  if (claimed.size > 0) {
    expect(claimed.docs.map((doc) => doc.id)).toEqual([number]);
  } else {
    expect(await numberingBefore(db), 'the ticket counter moved once').toBe(counterBefore + 1);
  }
  const activity = (await ticket.ref.collection('activity').get()).docs.map(
    (entry) => (entry.get('change') as { type?: unknown } | undefined)?.type,
  );
  expect(
    activity.filter((type) => type === 'created'),
    "'created' activity entries",
  ).toHaveLength(1);
  return { ticketId: ticket.id, number, activity, data: ticket.data() };
}
