import type { z } from 'zod';
import type { CallableContract } from './contracts/contract.js';
import { addTicketUpdate } from './contracts/add-ticket-update.js';
import { adminDashboard } from './contracts/admin-dashboard.js';
import { assignTicket } from './contracts/assign-ticket.js';
import { attachTicketFiles } from './contracts/attach-ticket-files.js';
import { changeTicketStatus } from './contracts/change-ticket-status.js';
import { confirmTicketItem } from './contracts/confirm-ticket-item.js';
import { createAccount } from './contracts/create-account.js';
import { getBackendLogLevel } from './contracts/get-backend-log-level.js';
import { getDeviceKey } from './contracts/get-device-key.js';
import { getUserProfile } from './contracts/get-user-profile.js';
import { keepSessionAlive } from './contracts/keep-session-alive.js';
import { listTicketQueue } from './contracts/list-ticket-queue.js';
import { listTicketStaff } from './contracts/list-ticket-staff.js';
import { listUsers } from './contracts/list-users.js';
import { markNotificationsRead } from './contracts/mark-notifications-read.js';
import { rateTicket } from './contracts/rate-ticket.js';
import { registerPushDevice } from './contracts/register-push-device.js';
import { resetUserPassword } from './contracts/reset-user-password.js';
import { revealSafetyReporter } from './contracts/reveal-safety-reporter.js';
import { safetyReportStep } from './contracts/safety-report-step.js';
import { saveServiceLevels } from './contracts/save-service-levels.js';
import { saveUserPermissions } from './contracts/save-user-permissions.js';
import { setAccountStatus } from './contracts/set-account-status.js';
import { setBackendLogLevel } from './contracts/set-backend-log-level.js';
import { submitBugReport } from './contracts/submit-bug-report.js';
import { submitSafetyReport } from './contracts/submit-safety-report.js';
import { submitTicket } from './contracts/submit-ticket.js';
import { testPermission } from './contracts/test-permission.js';
import { testSecurityLog } from './contracts/test-security-log.js';
import { unregisterPushDevice } from './contracts/unregister-push-device.js';
import { updateUserRole } from './contracts/update-user-role.js';
import { updateWorker } from './contracts/update-worker.js';

/*
 * Every callable function in one table: its name (as functions/src/index.ts exports it) and its
 * contract, which has a file of its own in contracts/ named after it (contracts/submit-ticket.ts for
 * submitTicket): the schema its request is parsed with, the type of its answer and its error keys.
 * The functions wrapper (functions/src/callable/define-callable.ts) parses with the schema and answers
 * with the type; the web client (web/src/lib/call.ts) takes its names and types from here, so a wrong
 * name or a wrong request is a type error on both sides.
 */

export type { CallableContract } from './contracts/contract.js';
export type { AttachTicketFilesResponse } from './contracts/attach-ticket-files.js';
export type { GetDeviceKeyResponse } from './contracts/get-device-key.js';
export type { KeepSessionAliveResponse } from './contracts/keep-session-alive.js';
export type { SubmitBugReportResponse } from './contracts/submit-bug-report.js';
export type { SubmitTicketResponse } from './contracts/submit-ticket.js';
export type { RateTicketResponse } from './contracts/rate-ticket.js';
export type { SubmitSafetyReportResponse } from './contracts/submit-safety-report.js';
export type { SafetyReportStepResponse } from './contracts/safety-report-step.js';
export type { RevealSafetyReporterResponse } from './contracts/reveal-safety-reporter.js';

export const CALLABLES = {
  // Workers
  submitTicket,
  attachTicketFiles,
  rateTicket,
  submitBugReport,
  submitSafetyReport,

  // Safety report handling
  safetyReportStep,
  revealSafetyReporter,

  // Administration
  listUsers,
  getUserProfile,
  updateUserRole,
  saveUserPermissions,
  resetUserPassword,
  setAccountStatus,
  updateWorker,
  createAccount,
  adminDashboard,
  testPermission,
  testSecurityLog,
  getBackendLogLevel,
  setBackendLogLevel,
  saveServiceLevels,

  // Staff ticket processing
  changeTicketStatus,
  assignTicket,
  addTicketUpdate,
  confirmTicketItem,

  // The staff ticket queue
  listTicketQueue,
  listTicketStaff,

  // The inbox
  markNotificationsRead,

  // The session: the key that seals the caller's data on the phone, the web's sign of life
  getDeviceKey,
  keepSessionAlive,

  // Web push
  registerPushDevice,
  unregisterPushDevice,
} as const satisfies Record<string, CallableContract>;

export type Callables = typeof CALLABLES;
export type CallableName = keyof Callables;
/*
 * One naming rule for both sides of a call: what a client sends is an `…Input` (the schema's
 * input: fields with a default may be left out), what the server parsed it into is a `…Request`
 * (defaults filled, strings trimmed). So the web types its calls with CallableInputOf and the
 * functions work with CallableRequestOf; the per-callable types follow the same rule
 * (ChangeStatusInput / ChangeStatusRequest).
 */
/** What a client sends to the callable. */
export type CallableInputOf<N extends CallableName> = z.input<Callables[N]['request']>;
/** What the handler works with: the request after parsing. */
export type CallableRequestOf<N extends CallableName> = z.output<Callables[N]['request']>;
/** What the callable answers. */
export type CallableResponseOf<N extends CallableName> =
  Callables[N] extends CallableContract<z.ZodType, infer Response> ? Response : never;
