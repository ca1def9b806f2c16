// Ticket numbers a worker can read out on the phone: `T-YYMM-NNNN`, the month the ticket was filed
// (UTC) and a number drawn at random in that month, e.g. `T-2611-4821`.
//
// Why drawn and not counted: a counter is one document that every submission in the company writes,
// and Firestore sustains about one write per second on one document; on a payday morning submissions
// queue on it, abort and time out. A drawn number is claimed by creating its own document
// (`ticketNumbers/{number}`) in the ticket's transaction, so two submissions meet on one document
// only when they draw the same number, and the transaction (plus `create`, which fails on an existing
// document) guarantees that a number is never given twice. A month holds 9,000 four-digit numbers;
// as it fills, drawn numbers are taken more often, and the draw moves on to five and six digits.
//
// Tickets filed before numbers were drawn keep their sequential `T-0042`.

/** Digits of the drawn part, tried in this order; each width is tried with a few numbers at once. */
export const TICKET_NUMBER_WIDTHS = [4, 5, 6] as const;
/** Numbers drawn and looked up at once per width: the chance that all are taken is small. */
export const TICKET_NUMBER_DRAWS = 4;

/** `T-YYMM`, the month of `millis` in UTC. */
export function ticketNumberPrefix(millis: number): string {
  const iso = new Date(millis).toISOString();
  return `T-${iso.slice(2, 4)}${iso.slice(5, 7)}`;
}

/**
 * `count` distinct numbers of `width` digits (no leading zero) under `prefix`, drawn with
 * `random` (a function like Math.random, a parameter so tests can fix it).
 */
export function drawTicketNumbers(
  prefix: string,
  width: number,
  count: number,
  random: () => number = Math.random,
): string[] {
  const low = 10 ** (width - 1);
  const span = 9 * low;
  const drawn = new Set<string>();
  while (drawn.size < Math.min(count, span)) {
    drawn.add(`${prefix}-${low + Math.floor(random() * span)}`);
  }
  return [...drawn];
}

/** The document that claims a number: its id is the number. */
export const ticketNumberPath = (number: string) => `ticketNumbers/${number}`;

/** Sequential numbers of tickets filed before numbers were drawn: 42 -> "T-0042". */
export const formatTicketNumber = (sequence: number) => `T-${String(sequence).padStart(4, '0')}`;
