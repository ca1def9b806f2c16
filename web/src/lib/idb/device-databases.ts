// The IndexedDB databases that hold one account's data on the device. Every sign-out deletes them
// all (sign-out-cleanup.ts), so the next user of a shared phone finds nothing of the last one.

/** New-ticket drafts (lib/drafts). */
export const DRAFTS_DB_NAME = 'ticket-drafts';
/** Tickets waiting for a connection (tickets/outbox). */
export const OUTBOX_DB_NAME = 'ticket-outbox';

export const PER_USER_DATABASES = [DRAFTS_DB_NAME, OUTBOX_DB_NAME] as const;
