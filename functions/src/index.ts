import { onRequest } from 'firebase-functions/v2/https';
import { beforeUserCreated } from 'firebase-functions/v2/identity';
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
import { serveCallable } from './callable/define-callable.js';
import { createSubmitBugReportHandler } from './callable/bug-reports/submit-bug-report.js';
import { createAttachTicketFilesHandler } from './callable/tickets/attach-ticket-files.js';
import { createAssignTicketHandler } from './callable/tickets/assign-ticket.js';
import { createConfirmTicketItemHandler } from './callable/tickets/confirm-ticket-item.js';
import { createChangeTicketStatusHandler } from './callable/tickets/change-ticket-status.js';
import { createAddTicketUpdateHandler } from './callable/tickets/add-ticket-update.js';
import { createRateTicketHandler } from './callable/tickets/rate-ticket.js';
import { createSaveServiceLevelsHandler } from './callable/admin/save-service-levels.js';
import { createListTicketQueueHandler } from './callable/tickets/list-ticket-queue.js';
import { createListTicketStaffHandler } from './callable/tickets/list-ticket-staff.js';
import { createSubmitTicketHandler } from './callable/tickets/submit-ticket.js';
import { createRevealSafetyReporterHandler } from './callable/safety/reveal-safety-reporter.js';
import { createSafetyReportStepHandler } from './callable/safety/safety-report-step.js';
import { createSubmitSafetyReportHandler } from './callable/safety/submit-safety-report.js';
import { createMarkNotificationsReadHandler } from './callable/notifications/mark-notifications-read.js';
import { createGetDeviceKeyHandler } from './callable/device-keys/get-device-key.js';
import { createKeepSessionAliveHandler } from './callable/session/keep-session-alive.js';
import { createRegisterPushDeviceHandler } from './callable/push/register-push-device.js';
import { createUnregisterPushDeviceHandler } from './callable/push/unregister-push-device.js';
import { configuredDirectory } from './directory/configured-directory.js';
import { readBoardLabels } from './directory/monday/board-columns.js';
import { MONDAY_API_TOKEN } from './directory/monday/config.js';
import { FUNCTIONS_REGION } from './domain/index.js';
import { adminAuth, adminDb } from './firebase.js';
import { createApiApp } from './http/app.js';
import { adminAppCheck } from './http/app-check.js';
import { createSignUpGate } from './auth/sign-up-gate.js';
import { createBackendLogger } from './logging/backend-logger.js';
import { createStorageFileInspector } from './storage/file-inspector.js';
import { createBucketObjectMover } from './storage/object-mover.js';

setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: 10 });

const db = adminDb();
// Every function logs through this: messages below the level in config/logging (errors only by
// default) are dropped, and a change there is picked up within a minute.
const logger = createBackendLogger({ db });
// The worker directory: the monday.com board's read model when MONDAY_BOARD_ID is set (edits go to
// the board first), else Firestore `workers` (docs/operations.md: "Worker data from a monday.com board").
const workers = configuredDirectory(db);
// Every callable is one line: serveCallable checks that the handler is the one of that name in the
// contract table (domain/callables.ts); defineCallable gives each the same shell (auth, App Check,
// parsing, error mapping, refusal log).
export const api = onRequest(
  { region: FUNCTIONS_REGION, invoker: 'public' },
  createApiApp({
    auth: adminAuth(),
    db,
    directory: workers.directory,
    logger,
    now: Date.now,
    appCheck: adminAppCheck(),
  }),
);

export const submitTicket = serveCallable(
  'submitTicket',
  createSubmitTicketHandler({ db, logger, now: Date.now }),
);

export const attachTicketFiles = serveCallable(
  'attachTicketFiles',
  createAttachTicketFilesHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);

export const submitBugReport = serveCallable(
  'submitBugReport',
  createSubmitBugReportHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);

// Safety reports: made by any account, handled by holders of HANDLE_SAFETY_REPORTS.
export const submitSafetyReport = serveCallable(
  'submitSafetyReport',
  createSubmitSafetyReportHandler({
    db,
    logger,
    now: Date.now,
    files: createStorageFileInspector(),
    mover: createBucketObjectMover(),
  }),
);
export const safetyReportStep = serveCallable(
  'safetyReportStep',
  createSafetyReportStepHandler({ db, logger, now: Date.now, files: createStorageFileInspector() }),
);
export const revealSafetyReporter = serveCallable(
  'revealSafetyReporter',
  createRevealSafetyReporterHandler({ db, logger, now: Date.now }),
);

// Administration: every operation re-checks its caller on the server.
const adminDeps = { db, auth: adminAuth(), logger, now: Date.now };

export const listUsers = serveCallable('listUsers', createListUsersHandler(adminDeps));
export const getUserProfile = serveCallable(
  'getUserProfile',
  createGetUserProfileHandler({
    ...adminDeps,
    directory: workers.directory,
    boardFreshness: async (workerId) => (await workers.board()?.findWithFreshness(workerId))?.freshAt ?? null,
    boardLabels: async () => (workers.board() ? await readBoardLabels(db) : null),
  }),
);
export const updateUserRole = serveCallable('updateUserRole', createUpdateUserRoleHandler(adminDeps));
export const saveUserPermissions = serveCallable(
  'saveUserPermissions',
  createSavePermissionsHandler(adminDeps),
);
export const resetUserPassword = serveCallable(
  'resetUserPassword',
  createResetUserPasswordHandler(adminDeps),
);
export const setAccountStatus = serveCallable('setAccountStatus', createSetAccountStatusHandler(adminDeps));
export const updateWorker = serveCallable(
  'updateWorker',
  createUpdateWorkerHandler({ ...adminDeps, board: workers.board }),
  // The board may take 60 s a call, and another instance's write is waited for (one writer a board).
  { secrets: [MONDAY_API_TOKEN], timeoutSeconds: 300 },
);
export const createAccount = serveCallable('createAccount', createCreateAccountHandler(adminDeps));
export const adminDashboard = serveCallable('adminDashboard', createAdminDashboardHandler(adminDeps));
export const testPermission = serveCallable('testPermission', createTestPermissionHandler(adminDeps));
export const testSecurityLog = serveCallable('testSecurityLog', createTestSecurityLogHandler(adminDeps));
export const getBackendLogLevel = serveCallable(
  'getBackendLogLevel',
  createGetBackendLogLevelHandler(adminDeps),
);
export const saveServiceLevels = serveCallable(
  'saveServiceLevels',
  createSaveServiceLevelsHandler(adminDeps),
);
export const setBackendLogLevel = serveCallable(
  'setBackendLogLevel',
  createSetBackendLogLevelHandler(adminDeps),
);

// Staff ticket processing: each checks the permission and the transition on the server.
const processingDeps = { db, logger, now: Date.now, files: createStorageFileInspector() };

export const changeTicketStatus = serveCallable(
  'changeTicketStatus',
  createChangeTicketStatusHandler(processingDeps),
);
export const assignTicket = serveCallable(
  'assignTicket',
  createAssignTicketHandler({ ...processingDeps, auth: adminAuth() }),
);
export const addTicketUpdate = serveCallable('addTicketUpdate', createAddTicketUpdateHandler(processingDeps));
// The owner's "Did this solve it?" on an answered ticket; 👎 reopens it.
export const rateTicket = serveCallable('rateTicket', createRateTicketHandler({ db, logger, now: Date.now }));
export const confirmTicketItem = serveCallable(
  'confirmTicketItem',
  createConfirmTicketItemHandler(processingDeps),
);

// The staff ticket queue: reads for PROCESS_TICKETS only, re-checked on every call.
export const listTicketQueue = serveCallable(
  'listTicketQueue',
  createListTicketQueueHandler({ db, logger, now: Date.now }),
);
export const listTicketStaff = serveCallable(
  'listTicketStaff',
  createListTicketStaffHandler({ db, auth: adminAuth(), logger }),
);

// The inbox: the ticket operations write the notifications; this marks them read.
export const markNotificationsRead = serveCallable(
  'markNotificationsRead',
  createMarkNotificationsReadHandler({ db, logger, now: Date.now }),
);

// The phone's sealed data (drafts, the outbox): each account gets back its own key, on any device.
export const getDeviceKey = serveCallable(
  'getDeviceKey',
  createGetDeviceKeyHandler({ db, logger, now: Date.now }),
);

// Web push: each device that turns push on registers its FCM token; every new
// notification is pushed to the recipient's devices by the pushNotification trigger.
export const keepSessionAlive = serveCallable(
  'keepSessionAlive',
  createKeepSessionAliveHandler({ db, logger }),
);
export const registerPushDevice = serveCallable(
  'registerPushDevice',
  createRegisterPushDeviceHandler({ db, logger, now: Date.now }),
);
export const unregisterPushDevice = serveCallable(
  'unregisterPushDevice',
  createUnregisterPushDeviceHandler({ db, logger }),
);
export { pushNotification } from './push/push-notification.js';

// Public sign-up only for e-mails the worker directory knows (where Identity Platform is on; the
// docs/security.md says how to switch public sign-up off altogether).
export const gateSignUp = beforeUserCreated(
  { region: FUNCTIONS_REGION },
  createSignUpGate({ directory: workers.directory, logger }),
);

// Housekeeping: daily, settles declared files that never arrived and deletes
// uploads that nothing refers to.
export { sweepAttachments } from './scheduled/sweep-attachments.js';
export { notifyOverdueTickets } from './scheduled/notify-overdue.js';
// Every upload: its first bytes read as it arrives, and deleted when it is not what it claims.
export { checkUploads } from './storage/check-uploads.js';

// The monday.com board's read model: nightly full sync, delta every 10 minutes, webhooks.
export {
  boardEventQueued,
  mondayWebhook,
  sweepBoardEvents,
  syncBoardChanges,
  syncBoardNightly,
} from './scheduled/board-sync.js';
