// The request schema of listTicketQueue is in its contract (contracts/list-ticket-queue.ts), apart
// from ticket-queue.ts so that the screens that only need the queue's names and types do not load
// zod's schema code; re-exported here for the code that reads it from here.
export { type TicketQueueInput, ticketQueueRequestSchema } from './contracts/list-ticket-queue.js';
