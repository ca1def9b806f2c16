import { onCall, onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createCreateAccountHandler } from './callable/admin/create-account.js';
import { createAdminDashboardHandler } from './callable/admin/dashboard.js';
import { createTestPermissionHandler, createTestSecurityLogHandler } from './callable/admin/debug-tools.js';
import { createListUsersHandler } from './callable/admin/list-users.js';
import {
  createGetBackendLogLevelHandler,
  createSetBackendLogLevelHandler,
} from './callable/admin/log-level.js';
import { createResetUserPasswordHandler } from './callable/admin/password-reset.js';
import { createSavePermissionsHandler } from './callable/admin/permissions-save.js';
import { createUpdateUserRoleHandler } from './callable/admin/role-update.js';
import { createSetAccountStatusHandler } from './callable/admin/status-set.js';
import { createGetUserProfileHandler } from './callable/admin/user-profile.js';
import { createUpdateWorkerHandler } from './callable/admin/worker-update.js';
import { enforceAppCheck } from './callable/app-check.js';
import { createSubmitBugReportHandler } from './callable/bug-reports/submit-bug-report.js';
import { createAttachTicketFilesHandler } from './callable/tickets/attach-ticket-files.js';
import { createAssignTicketHandler } from './callable/tickets/process-assign.js';
import { createConfirmTicketItemHandler } from './callable/tickets/process-items.js';
import { createChangeTicketStatusHandler } from './callable/tickets/process-status.js';
import { createAddTicketUpdateHandler } from './callable/tickets/process-update.js';
import { createListTicketQueueHandler } from './callable/tickets/queue-list.js';
import { createListTicketStaffHandler } from './callable/tickets/queue-staff.js';
import { createSubmitTicketHandler } from './callable/tickets/submit-ticket.js';
import { createFirestoreDirectory } from './directory/firestore-directory.js';
import { FUNCTIONS_REGION } from './domain/index.js';
import { adminAuth, adminDb } from './firebase.js';
import { createApiApp } from './http/app.js';
import { createBackendLogger } from './logging/backend-logger.js';
import { createStorageFileInspector } from './storage/file-inspector.js';

setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: 10 });

const db = adminDb();
// Every function logs through this: messages below the level in config/logging (errors only by
// default) are dropped, and a change there is picked up within a minute.
const logger = createBackendLogger({ db });
// Every callable: App Check enforced when deployed (ENFORCE_APP_CHECK), never on the emulators.
const call = { region: FUNCTIONS_REGION, enforceAppCheck };

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

export const submitTicket = onCall(call, createSubmitTicketHandler({ db, logger, now: Date.now }));

export const attachTicketFiles = onCall(
  call,
  createAttachTicketFilesHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);

export const submitBugReport = onCall(
  call,
  createSubmitBugReportHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);

// Administration (issue 5): every operation re-checks its caller on the server.
const adminDeps = { db, auth: adminAuth(), logger, now: Date.now };

export const listUsers = onCall(call, createListUsersHandler(adminDeps));
export const getUserProfile = onCall(
  call,
  createGetUserProfileHandler({ ...adminDeps, directory: createFirestoreDirectory(db) }),
);
export const updateUserRole = onCall(call, createUpdateUserRoleHandler(adminDeps));
export const saveUserPermissions = onCall(call, createSavePermissionsHandler(adminDeps));
export const resetUserPassword = onCall(call, createResetUserPasswordHandler(adminDeps));
export const setAccountStatus = onCall(call, createSetAccountStatusHandler(adminDeps));
export const updateWorker = onCall(call, createUpdateWorkerHandler(adminDeps));
export const createAccount = onCall(call, createCreateAccountHandler(adminDeps));
export const adminDashboard = onCall(call, createAdminDashboardHandler(adminDeps));
export const testPermission = onCall(call, createTestPermissionHandler(adminDeps));
export const testSecurityLog = onCall(call, createTestSecurityLogHandler(adminDeps));
export const getBackendLogLevel = onCall(call, createGetBackendLogLevelHandler(adminDeps));
export const setBackendLogLevel = onCall(call, createSetBackendLogLevelHandler(adminDeps));

// Staff ticket processing (issue 6): each checks the permission and the transition on the server.
const processingDeps = { db, logger, now: Date.now, files: createStorageFileInspector() };

export const changeTicketStatus = onCall(call, createChangeTicketStatusHandler(processingDeps));
export const assignTicket = onCall(call, createAssignTicketHandler({ ...processingDeps, auth: adminAuth() }));
export const addTicketUpdate = onCall(call, createAddTicketUpdateHandler(processingDeps));
export const confirmTicketItem = onCall(call, createConfirmTicketItemHandler(processingDeps));

// The staff ticket queue (issue 6): reads for PROCESS_TICKETS only, re-checked on every call.
export const listTicketQueue = onCall(call, createListTicketQueueHandler({ db, logger, now: Date.now }));
export const listTicketStaff = onCall(call, createListTicketStaffHandler({ db, auth: adminAuth(), logger }));

// Housekeeping (issue 15, item 9): daily, settles declared files that never arrived and deletes
// uploads that nothing refers to.
export { sweepAttachments } from './scheduled/sweep-attachments.js';
