// The IndexedDB databases that hold one account's data on the device. The drafts and the outboxes are
// sealed (encrypted, sealed-store.ts) with the account's device key, which lives in its own database.
// A manual log-out (and a disabled account) deletes them all (sign-out-cleanup.ts), so the next user
// of a shared phone finds nothing of the last one; a session timeout deletes only the keys, so the
// sealed data stays unreadable until the same account signs in again and gets its key back.

/** New-ticket drafts (lib/drafts). */
export const DRAFTS_DB_NAME = 'ticket-drafts';
/** Tickets waiting for a connection (tickets/outbox). */
export const OUTBOX_DB_NAME = 'ticket-outbox';
/** Danger reports waiting for a connection (safety/outbox). */
export const SAFETY_OUTBOX_DB_NAME = 'safety-outbox';
/** The device keys of the accounts signed in here (device-key.ts). */
export const DEVICE_KEYS_DB_NAME = 'device-keys';

/** What every sign-out deletes. */
export const KEY_DATABASES = [DEVICE_KEYS_DB_NAME] as const;
/** What a sign-out other than a session timeout deletes as well. */
export const PER_USER_DATABASES = [DRAFTS_DB_NAME, OUTBOX_DB_NAME, SAFETY_OUTBOX_DB_NAME] as const;
