// A lease held in one Firestore document: who holds it (`holder`) and until when (`until`). Taken
// optimistically — a create, or an update on the condition that nobody wrote the document since it
// was read — so no transaction holds a lock while others wait. A holder that dies lets the lease
// lapse, so the next taker never waits on a dead instance for long.
import { type Firestore, Timestamp } from 'firebase-admin/firestore';

export type LeaseKey = { collection: string; id: string };

/** Firestore's refusal of a create or a precondition: another taker got there first. */
const isLostRace = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 6 || code === 9 || code === 'already-exists' || code === 'failed-precondition';
};

/** Takes the lease when it is free or lapsed (or renews our own) for `leaseMs`; true when `holder` has it. */
export async function tryTakeLease(
  db: Firestore,
  key: LeaseKey,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const ref = db.collection(key.collection).doc(key.id);
  const lease = await ref.get();
  const data = {
    holder,
    until: Timestamp.fromMillis(now.getTime() + leaseMs),
    takenAt: Timestamp.fromDate(now),
  };
  try {
    if (!lease.exists) {
      await ref.create(data);
      return true;
    }
    const until = lease.get('until') as Timestamp | undefined;
    if (lease.get('holder') !== holder && until && until.toMillis() > now.getTime()) return false;
    await ref.update(data, { lastUpdateTime: lease.updateTime! });
    return true;
  } catch (error) {
    if (isLostRace(error)) return false;
    throw error;
  }
}

/** Gives the lease back when `holder` still has it. */
export async function releaseLease(db: Firestore, key: LeaseKey, holder: string): Promise<void> {
  const ref = db.collection(key.collection).doc(key.id);
  const lease = await ref.get();
  if (lease.get('holder') === holder) await ref.delete({ lastUpdateTime: lease.updateTime! });
}
