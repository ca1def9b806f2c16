import * as logger from 'firebase-functions/logger';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createSubmitBugReportHandler } from './callable/bug-reports/submit-bug-report.js';
import { createAttachTicketFilesHandler } from './callable/tickets/attach-ticket-files.js';
import { createSubmitTicketHandler } from './callable/tickets/submit-ticket.js';
import { createFirestoreDirectory } from './directory/firestore-directory.js';
import { FUNCTIONS_REGION } from './domain/index.js';
import { adminAuth, adminDb } from './firebase.js';
import { createApiApp } from './http/app.js';
import { createStorageFileInspector } from './storage/file-inspector.js';

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

export const submitTicket = onCall(
  { region: FUNCTIONS_REGION },
  createSubmitTicketHandler({ db, logger, now: Date.now }),
);

export const attachTicketFiles = onCall(
  { region: FUNCTIONS_REGION },
  createAttachTicketFilesHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);

export const submitBugReport = onCall(
  { region: FUNCTIONS_REGION },
  createSubmitBugReportHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);
