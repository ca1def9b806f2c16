import { onCall, onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createCreateAccountHandler } from './callable/admin/create-account.js';
import { createAdminDashboardHandler } from './callable/admin/admin-dashboard.js';
import { createTestPermissionHandler } from './callable/admin/test-permission.js';
import { createTestSecurityLogHandler } from './callable/admin/test-security-log.js';
import { createListUsersHandler } from './callable/admin/list-users.js';
import { createGetBackendLogLevelHandler } from './callable/admin/get-backend-log-level.js';
import { createSetBackendLogLevelHandler } from './callable/admin/set-backend-log-level.js';
import { createResetUserPasswordHandler } from './callable/admin/reset-user-password.js';
import { createSavePermissionsHandler } from './callable/admin/save-user-permissions.js';
import { createUpdateUserRoleHandler } from './callable/admin/update-user-role.js';
import { createSetAccountStatusHandler } from './callable/admin/set-account-status.js';
import { createGetUserProfileHandler } from './callable/admin/get-user-profile.js';
import { createUpdateWorkerHandler } from './callable/admin/update-worker.js';
import { enforceAppCheck } from './callable/app-check.js';
import { logRefusals } from './callable/refusal-log.js';
import { createSubmitBugReportHandler } from './callable/bug-reports/submit-bug-report.js';
import { createAttachTicketFilesHandler } from './callable/tickets/attach-ticket-files.js';
import { createAssignTicketHandler } from './callable/tickets/assign-ticket.js';
import { createConfirmTicketItemHandler } from './callable/tickets/confirm-ticket-item.js';
import { createChangeTicketStatusHandler } from './callable/tickets/change-ticket-status.js';
import { createAddTicketUpdateHandler } from './callable/tickets/add-ticket-update.js';
import { createListTicketQueueHandler } from './callable/tickets/list-ticket-queue.js';
import { createListTicketStaffHandler } from './callable/tickets/list-ticket-staff.js';
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

export const submitTicket = onCall(
  call,
  logRefusals(logger, 'submitTicket', createSubmitTicketHandler({ db, logger, now: Date.now })),
);

export const attachTicketFiles = onCall(
  call,
  logRefusals(
    logger,
    'attachTicketFiles',
    createAttachTicketFilesHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
  ),
);

export const submitBugReport = onCall(
  call,
  logRefusals(
    logger,
    'submitBugReport',
    createSubmitBugReportHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
  ),
);

// Administration (issue 5): every operation re-checks its caller on the server.
const adminDeps = { db, auth: adminAuth(), logger, now: Date.now };

export const listUsers = onCall(call, logRefusals(logger, 'listUsers', createListUsersHandler(adminDeps)));
export const getUserProfile = onCall(
  call,
  logRefusals(
    logger,
    'getUserProfile',
    createGetUserProfileHandler({ ...adminDeps, directory: createFirestoreDirectory(db) }),
  ),
);
export const updateUserRole = onCall(
  call,
  logRefusals(logger, 'updateUserRole', createUpdateUserRoleHandler(adminDeps)),
);
export const saveUserPermissions = onCall(
  call,
  logRefusals(logger, 'saveUserPermissions', createSavePermissionsHandler(adminDeps)),
);
export const resetUserPassword = onCall(
  call,
  logRefusals(logger, 'resetUserPassword', createResetUserPasswordHandler(adminDeps)),
);
export const setAccountStatus = onCall(
  call,
  logRefusals(logger, 'setAccountStatus', createSetAccountStatusHandler(adminDeps)),
);
export const updateWorker = onCall(
  call,
  logRefusals(logger, 'updateWorker', createUpdateWorkerHandler(adminDeps)),
);
export const createAccount = onCall(
  call,
  logRefusals(logger, 'createAccount', createCreateAccountHandler(adminDeps)),
);
export const adminDashboard = onCall(
  call,
  logRefusals(logger, 'adminDashboard', createAdminDashboardHandler(adminDeps)),
);
export const testPermission = onCall(
  call,
  logRefusals(logger, 'testPermission', createTestPermissionHandler(adminDeps)),
);
export const testSecurityLog = onCall(
  call,
  logRefusals(logger, 'testSecurityLog', createTestSecurityLogHandler(adminDeps)),
);
export const getBackendLogLevel = onCall(
  call,
  logRefusals(logger, 'getBackendLogLevel', createGetBackendLogLevelHandler(adminDeps)),
);
export const setBackendLogLevel = onCall(
  call,
  logRefusals(logger, 'setBackendLogLevel', createSetBackendLogLevelHandler(adminDeps)),
);

// Staff ticket processing (issue 6): each checks the permission and the transition on the server.
const processingDeps = { db, logger, now: Date.now, files: createStorageFileInspector() };

export const changeTicketStatus = onCall(
  call,
  logRefusals(logger, 'changeTicketStatus', createChangeTicketStatusHandler(processingDeps)),
);
export const assignTicket = onCall(
  call,
  logRefusals(logger, 'assignTicket', createAssignTicketHandler({ ...processingDeps, auth: adminAuth() })),
);
export const addTicketUpdate = onCall(
  call,
  logRefusals(logger, 'addTicketUpdate', createAddTicketUpdateHandler(processingDeps)),
);
export const confirmTicketItem = onCall(
  call,
  logRefusals(logger, 'confirmTicketItem', createConfirmTicketItemHandler(processingDeps)),
);

// The staff ticket queue (issue 6): reads for PROCESS_TICKETS only, re-checked on every call.
export const listTicketQueue = onCall(
  call,
  logRefusals(logger, 'listTicketQueue', createListTicketQueueHandler({ db, logger, now: Date.now })),
);
export const listTicketStaff = onCall(
  call,
  logRefusals(logger, 'listTicketStaff', createListTicketStaffHandler({ db, auth: adminAuth(), logger })),
);

// Housekeeping (issue 15, item 9): daily, settles declared files that never arrived and deletes
// uploads that nothing refers to.
export { sweepAttachments } from './scheduled/sweep-attachments.js';
