import { z } from 'zod';
import {
  ADMIN_ERRORS,
  type AdminDashboardResponse,
  type BackendLogLevelResponse,
  type CreateAccountResponse,
  type GetUserProfileResponse,
  type ListUsersResponse,
  type ResetPasswordResponse,
  type SavePermissionsResponse,
  type SetAccountStatusResponse,
  type TestPermissionResponse,
  type TestSecurityLogResponse,
  type UpdateUserRoleResponse,
  type UpdateWorkerResponse,
  getUserProfileSchema,
  listUsersSchema,
  setBackendLogLevelSchema,
  testPermissionSchema,
  testSecurityLogSchema,
  updateWorkerSchema,
} from './admin-api.js';
import {
  createAccountSchema,
  resetPasswordSchema,
  savePermissionsSchema,
  setAccountStatusSchema,
  updateRoleSchema,
} from './admin.js';
import { bugReportSchema } from './bug-report.js';
import {
  type MarkNotificationsReadResponse,
  NOTIFICATION_ERRORS,
  markNotificationsReadSchema,
} from './notifications.js';
import {
  PUSH_ERRORS,
  type PushDeviceResponse,
  registerPushDeviceSchema,
  unregisterPushDeviceSchema,
} from './push.js';
import { ticketQueueRequestSchema } from './ticket-queue-schemas.js';
import { TICKET_QUEUE_ERRORS, type TicketQueueResponse, type TicketStaffResponse } from './ticket-queue.js';
import { type StoredAttachment, attachFilesSchema, ticketSubmissionSchema } from './ticket-schemas.js';
import {
  addTicketUpdateSchema,
  assignTicketSchema,
  changeStatusSchema,
  confirmItemSchema,
} from './ticket-workflow-schemas.js';
import {
  type AddTicketUpdateResponse,
  type AssignTicketResponse,
  type ChangeStatusResponse,
  type ConfirmItemResponse,
  TICKET_PROCESSING_ERRORS,
} from './ticket-workflow.js';

/*
 * Every callable function in one table: its name (as functions/src/index.ts exports it), the
 * schema its request is parsed with, and the type of its answer. The functions wrapper
 * (functions/src/callable/define-callable.ts) parses with the schema and answers with the type;
 * the web client (web/src/lib/call.ts) takes its names and types from here, so a wrong name or a
 * wrong request is a type error on both sides.
 */

export type SubmitTicketResponse = { ticketId: string; number: string; isDuplicate: boolean };
export type AttachTicketFilesResponse = { attachments: StoredAttachment[] };
export type SubmitBugReportResponse = { reportId: string };
/** The caller's device-data key: 32 random bytes, base64, the same on every call of that account. */
export type GetDeviceKeyResponse = { key: string };

/** keepSessionAlive's answer: the call itself recorded the activity (every callable does). */
export type KeepSessionAliveResponse = { ok: true };

/** One callable's contract. `response` is never set: it only carries the answer's type. */
export type CallableContract<Request extends z.ZodType = z.ZodType, Response = unknown> = {
  /** The request schema: the server parses every call with it; the client sends its input type. */
  request: Request;
  /** The translation key of its `internal` answer (an unexpected failure, no detail leaked). */
  failure: string;
  /** The message of its `invalid-argument` answer (the field keys travel in `details.fields`). */
  invalid: string;
  /** A call without a payload is read as `{}` (every field of the request has a default). */
  isPayloadOptional?: boolean;
  readonly response?: Response;
};

/** A contract answering `Response`; the request type comes from the schema. */
const answers =
  <Response>() =>
  <Request extends z.ZodType>(
    contract: Omit<CallableContract<Request, Response>, 'response'>,
  ): CallableContract<Request, Response> =>
    contract;

/** The request of a callable that reads none: anything is accepted and ignored. */
const noRequest = z.unknown();
const NO_REQUEST = { request: noRequest, invalid: 'Invalid request' } as const;

export const CALLABLES = {
  // Workers
  submitTicket: answers<SubmitTicketResponse>()({
    request: ticketSubmissionSchema,
    failure: 'tickets.errors.submitFailed',
    invalid: 'Invalid ticket',
  }),
  attachTicketFiles: answers<AttachTicketFilesResponse>()({
    request: attachFilesSchema,
    failure: 'tickets.errors.attachFailed',
    invalid: 'Invalid files',
  }),
  submitBugReport: answers<SubmitBugReportResponse>()({
    request: bugReportSchema,
    failure: 'bugReport.errors.submitFailed',
    invalid: 'Invalid bug report',
  }),

  // Administration
  listUsers: answers<ListUsersResponse>()({
    request: listUsersSchema,
    failure: ADMIN_ERRORS.loadUsersFailed,
    invalid: 'Invalid user list request',
    isPayloadOptional: true,
  }),
  getUserProfile: answers<GetUserProfileResponse>()({
    request: getUserProfileSchema,
    failure: ADMIN_ERRORS.loadProfileFailed,
    invalid: 'Invalid profile request',
  }),
  updateUserRole: answers<UpdateUserRoleResponse>()({
    request: updateRoleSchema,
    failure: ADMIN_ERRORS.updateRoleFailed,
    invalid: 'Invalid role change',
  }),
  saveUserPermissions: answers<SavePermissionsResponse>()({
    request: savePermissionsSchema,
    failure: ADMIN_ERRORS.savePermissionsFailed,
    invalid: 'Invalid permissions',
  }),
  resetUserPassword: answers<ResetPasswordResponse>()({
    request: resetPasswordSchema,
    failure: ADMIN_ERRORS.resetPasswordFailed,
    invalid: 'Invalid password reset',
  }),
  setAccountStatus: answers<SetAccountStatusResponse>()({
    request: setAccountStatusSchema,
    failure: ADMIN_ERRORS.setStatusFailed,
    invalid: 'Invalid account status',
  }),
  updateWorker: answers<UpdateWorkerResponse>()({
    request: updateWorkerSchema,
    failure: ADMIN_ERRORS.updateWorkerFailed,
    invalid: 'Invalid worker details',
  }),
  createAccount: answers<CreateAccountResponse>()({
    request: createAccountSchema,
    failure: ADMIN_ERRORS.createAccountFailed,
    invalid: 'Invalid account',
  }),
  adminDashboard: answers<AdminDashboardResponse>()({
    ...NO_REQUEST,
    failure: ADMIN_ERRORS.loadDashboardFailed,
  }),
  testPermission: answers<TestPermissionResponse>()({
    request: testPermissionSchema,
    failure: ADMIN_ERRORS.testPermissionFailed,
    invalid: 'Invalid permission test',
  }),
  testSecurityLog: answers<TestSecurityLogResponse>()({
    request: testSecurityLogSchema,
    failure: ADMIN_ERRORS.securityLogFailed,
    invalid: 'Invalid security log test',
    isPayloadOptional: true,
  }),
  getBackendLogLevel: answers<BackendLogLevelResponse>()({
    ...NO_REQUEST,
    failure: ADMIN_ERRORS.logLevelFailed,
  }),
  setBackendLogLevel: answers<BackendLogLevelResponse>()({
    request: setBackendLogLevelSchema,
    failure: ADMIN_ERRORS.logLevelFailed,
    invalid: 'Invalid log level',
  }),

  // Staff ticket processing
  changeTicketStatus: answers<ChangeStatusResponse>()({
    request: changeStatusSchema,
    failure: TICKET_PROCESSING_ERRORS.statusFailed,
    invalid: 'Invalid status change',
  }),
  assignTicket: answers<AssignTicketResponse>()({
    request: assignTicketSchema,
    failure: TICKET_PROCESSING_ERRORS.assignFailed,
    invalid: 'Invalid assignment',
  }),
  addTicketUpdate: answers<AddTicketUpdateResponse>()({
    request: addTicketUpdateSchema,
    failure: TICKET_PROCESSING_ERRORS.updateFailed,
    invalid: 'Invalid update',
  }),
  confirmTicketItem: answers<ConfirmItemResponse>()({
    request: confirmItemSchema,
    failure: TICKET_PROCESSING_ERRORS.confirmFailed,
    invalid: 'Invalid item confirmation',
  }),

  // The staff ticket queue
  listTicketQueue: answers<TicketQueueResponse>()({
    request: ticketQueueRequestSchema,
    failure: TICKET_QUEUE_ERRORS.loadFailed,
    invalid: 'Invalid queue request',
    isPayloadOptional: true,
  }),
  listTicketStaff: answers<TicketStaffResponse>()({
    ...NO_REQUEST,
    failure: TICKET_QUEUE_ERRORS.staffFailed,
  }),

  // The inbox
  markNotificationsRead: answers<MarkNotificationsReadResponse>()({
    request: markNotificationsReadSchema,
    failure: NOTIFICATION_ERRORS.markFailed,
    invalid: 'Invalid notifications',
  }),

  // The key that seals the caller's data on the phone (drafts, the outbox): takes exactly `{}`
  getDeviceKey: answers<GetDeviceKeyResponse>()({
    request: z.strictObject({}),
    failure: 'session.errors.deviceKeyFailed',
    invalid: 'Invalid device key request',
  }),

  // The web's sign of life while its user is active, so the server's 15-minute limit matches the
  // screen's: takes exactly `{}`
  keepSessionAlive: answers<KeepSessionAliveResponse>()({
    request: z.strictObject({}),
    failure: 'auth.errors.sessionFailed',
    invalid: 'Invalid session request',
  }),

  // Web push: this device's FCM token, stored under the caller
  registerPushDevice: answers<PushDeviceResponse>()({
    request: registerPushDeviceSchema,
    failure: PUSH_ERRORS.registerFailed,
    invalid: 'Invalid push device',
  }),
  unregisterPushDevice: answers<PushDeviceResponse>()({
    request: unregisterPushDeviceSchema,
    failure: PUSH_ERRORS.unregisterFailed,
    invalid: 'Invalid push device',
  }),
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
