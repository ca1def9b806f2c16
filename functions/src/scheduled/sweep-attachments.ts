// The daily attachment sweep as a scheduled function (Cloud Scheduler). Its dependencies are made
// on each run, so importing the functions reaches neither Firestore nor Storage.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '../domain/index.js';
import { adminDb } from '../firebase.js';
import { createBackendLogger } from '../logging/backend-logger.js';
import { createBucketObjectStore } from '../storage/object-store.js';
import { runAttachmentSweep } from './attachment-sweep.js';

/**
 * Every night at 03:30 Polish time, when nobody is uploading; a failed run is tried once more. Its
 * options are all here: index.ts re-exports this module, which runs before index.ts's
 * setGlobalOptions.
 */
export const sweepAttachments = onSchedule(
  {
    schedule: '30 3 * * *',
    timeZone: 'Europe/Warsaw',
    region: FUNCTIONS_REGION,
    maxInstances: 1,
    retryCount: 1,
    timeoutSeconds: 540,
  },
  async () => {
    const db = adminDb();
    await runAttachmentSweep({
      db,
      store: createBucketObjectStore(),
      now: Date.now,
      logger: createBackendLogger({ db }),
    });
  },
);
