import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { type WorkerProfile, workerProfileSchema } from '../domain/index.js';
import { listProfilePage } from './profile-pages.js';
import type { WorkerDirectory } from './worker-directory.js';

function toProfile(snapshot: DocumentSnapshot): WorkerProfile | null {
  if (!snapshot.exists) return null;
  const parsed = workerProfileSchema.safeParse({ ...snapshot.data(), id: snapshot.id });
  // A malformed directory entry is treated as missing rather than served half-valid.
  return parsed.success ? parsed.data : null;
}

/** The default directory: one document per worker in `workers/{workerId}`. */
export function createFirestoreDirectory(db: Firestore): WorkerDirectory {
  const workers = db.collection('workers');
  return {
    async findById(workerId) {
      if (!workerId || workerId.includes('/')) return null;
      return toProfile(await workers.doc(workerId).get());
    },
    async findByEmail(email) {
      const normalised = email.trim().toLowerCase();
      if (!normalised) return null;
      const result = await workers.where('email', '==', normalised).limit(1).get();
      const first = result.docs[0];
      return first ? toProfile(first) : null;
    },
    list: (options = {}) => listProfilePage(workers, toProfile, options),
    async update(workerId, changes) {
      const ref = workers.doc(workerId);
      const snapshot = await ref.get();
      if (!snapshot.exists) return null;
      const cleaned = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      await ref.update(cleaned);
      return toProfile(await ref.get());
    },
  };
}
