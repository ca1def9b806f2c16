// The content check of every upload as a Storage trigger. Its dependencies are made on each run,
// so importing the functions reaches neither Firestore nor Storage.
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { FUNCTIONS_REGION } from '../domain/index.js';
import { adminDb } from '../firebase.js';
import { createBackendLogger } from '../logging/backend-logger.js';
import { createStorageFileInspector } from './file-inspector.js';
import { checkUploadedObject } from './upload-check.js';

/**
 * Every object finalized in the default bucket: see checkUploadedObject. Its options are all here:
 * index.ts re-exports this module, which runs before index.ts's setGlobalOptions. The trigger's
 * location follows the bucket's (a bucket in EU or europe-central2 both serve this region).
 */
export const checkUploads = onObjectFinalized(
  { region: FUNCTIONS_REGION, maxInstances: 10, memory: '256MiB' },
  async (event) => {
    await checkUploadedObject(event.data.name, {
      files: createStorageFileInspector(() => event.data.bucket),
      logger: createBackendLogger({ db: adminDb() }),
    });
  },
);
