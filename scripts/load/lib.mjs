// The compiled functions the load test drives (functions/lib, what the emulators run): the ticket
// writer, both numberings and the submission schema.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../emulators.mjs';

const LIB = path.join(ROOT, 'functions', 'lib');

/** {createTicketWriter, drawnTicketNumbers, counterTicketNumbers, ticketSubmissionSchema, ...}. */
export async function loadFunctionsLib(lib = LIB) {
  const file = (relative) => path.join(lib, relative);
  const needed = [
    'callable/tickets/ticket-writer.js',
    'callable/tickets/ticket-numbers.js',
    'domain/index.js',
  ];
  const missing = needed.filter((relative) => !existsSync(file(relative)));
  if (missing.length > 0) {
    throw new Error(
      `functions/lib lacks ${missing.join(', ')}: build the functions first (npm run build -w functions)`,
    );
  }
  const load = (relative) => import(pathToFileURL(file(relative)).href);
  const [writer, numbers, domain] = await Promise.all(needed.map(load));
  return {
    createTicketWriter: writer.createTicketWriter,
    drawnTicketNumbers: numbers.drawnTicketNumbers,
    counterTicketNumbers: numbers.counterTicketNumbers,
    TICKET_COUNTER_PATH: numbers.TICKET_COUNTER_PATH,
    ticketSubmissionSchema: domain.ticketSubmissionSchema,
    formatTicketNumber: domain.formatTicketNumber,
    ticketNumberPath: domain.ticketNumberPath,
    RATE_LIMITS: domain.RATE_LIMITS,
  };
}

/** A drawn number (`T-2611-4821`) as opposed to a sequential one (`T-0042`). */
export const isDrawnNumber = (number) => /^T-\d{4}-\d{4,6}$/.test(number);

/** The submission every load ticket carries: an accommodation problem (no extra reads, any worker may file it). */
export function loadSubmission(requestId, label) {
  return {
    requestId,
    category: 'accommodation',
    subcategory: 'problem',
    description: `Load test ticket ${label}`,
    address: 'Load test address 1',
    attachments: [],
  };
}

/** An error as one short line: gRPC/HTTP code and message. */
export function describeError(error) {
  if (error && typeof error === 'object') {
    const code = 'code' in error ? String(error.code) : '';
    const message = 'message' in error ? String(error.message) : String(error);
    // gRPC errors already start with their code ("10 ABORTED: ...").
    return (message.startsWith(code) ? message : `${code} ${message}`).trim().slice(0, 160);
  }
  return String(error).slice(0, 160);
}
