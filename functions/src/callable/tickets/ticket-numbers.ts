// How a new ticket gets its number inside its creating transaction. Production draws numbers
// (`drawnTicketNumbers`, see domain/ticket-number.ts for the format and why); the sequential counter
// the app used before (`counterTicketNumbers`, one `counters/tickets` document for every ticket) is
// kept only as the baseline `npm run load` measures the drawn numbers against.
import type { DocumentReference, Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import {
  TICKET_NUMBER_DRAWS,
  TICKET_NUMBER_WIDTHS,
  drawTicketNumbers,
  formatTicketNumber,
  ticketNumberPath,
  ticketNumberPrefix,
} from '../../domain/index.js';

/** A number claimed in a transaction; `write` records the claim (call it with the other writes). */
export type ClaimedNumber = { number: string; write: () => void };

export type TicketNumbering = {
  /** Reads what the claim needs in `tx` (before any write of the transaction). */
  claim(tx: Transaction, ticketId: string, at: Timestamp): Promise<ClaimedNumber>;
};

/**
 * Draws `T-YYMM-NNNN` numbers and claims one by creating `ticketNumbers/{number}`: a few drawn
 * numbers are looked up at once and the first free one is taken; when all are taken the draw moves
 * to the next width. `random` is a parameter so tests can force collisions.
 */
export function drawnTicketNumbers(db: Firestore, random: () => number = Math.random): TicketNumbering {
  return {
    async claim(tx, ticketId, at) {
      const prefix = ticketNumberPrefix(at.toMillis());
      for (const width of TICKET_NUMBER_WIDTHS) {
        const numbers = drawTicketNumbers(prefix, width, TICKET_NUMBER_DRAWS, random);
        const refs = numbers.map((number) => db.doc(ticketNumberPath(number)));
        const snapshots = await tx.getAll(...refs);
        const free = snapshots.findIndex((snapshot) => !snapshot.exists);
        const ref: DocumentReference | undefined = refs[free];
        const number = numbers[free];
        if (ref && number) return { number, write: () => tx.create(ref, { ticketId, at }) };
      }
      // Only when a month holds close to a million tickets: refused, the caller's retry draws again.
      throw new Error(`no free ticket number drawn under ${prefix}`);
    },
  };
}

export const TICKET_COUNTER_PATH = 'counters/tickets';

/** The earlier sequential numbers from one counter document: the load test's baseline only. */
export function counterTicketNumbers(db: Firestore): TicketNumbering {
  const counterRef = db.doc(TICKET_COUNTER_PATH);
  return {
    async claim(tx) {
      const last: unknown = (await tx.get(counterRef)).get('last');
      const sequence = (typeof last === 'number' && Number.isInteger(last) ? last : 0) + 1;
      return {
        number: formatTicketNumber(sequence),
        write: () => tx.set(counterRef, { last: sequence }, { merge: true }),
      };
    },
  };
}
