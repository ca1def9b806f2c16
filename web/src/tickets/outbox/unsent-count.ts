import { browserOutboxStore, listOutbox } from './outbox-store';

/** How many tickets of account `uid` are still on this phone (waiting, being sent or refused). */
export async function unsentTicketCount(uid: string): Promise<number> {
  const store = browserOutboxStore();
  if (!store) return 0;
  return (await listOutbox(store, uid)).length;
}
