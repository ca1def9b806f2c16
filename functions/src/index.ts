import * as logger from 'firebase-functions/logger';
import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createFirestoreDirectory } from './directory/firestore-directory.js';
import { FUNCTIONS_REGION } from './domain/index.js';
import { adminAuth, adminDb } from './firebase.js';
import { createApiApp } from './http/app.js';

setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: 10 });

const db = adminDb();

export const api = onRequest(
  { region: FUNCTIONS_REGION, invoker: 'public' },
  createApiApp({
    auth: adminAuth(),
    db,
    directory: createFirestoreDirectory(db),
    logger,
    now: Date.now,
  }),
);
