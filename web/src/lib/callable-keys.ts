import type { CallableName } from '@domain/callables';
import {
  CallableError,
  type CallableFailureKeys,
  failureSourceOf,
  toCallableFailure,
} from './callable-failure';

/*
 * The translation keys of every callable's failures, read by call() (lib/call.ts) to turn the SDK's
 * error into a CallableError once, for every screen. `failure` is the callable's own failure key, the
 * same as its contract's (CALLABLES[name].failure in the domain; callable-keys.test.ts compares the two:
 * the table is written out here because the contracts hold the request schemas, which the bundle
 * must not load). `keys` are the keys of its feature: the server's own keys shown as they are, "no
 * connection" and "not allowed"; a feature without texts of its own says the failure key for both.
 */

/** The failure texts of one callable. */
export type CallableKeys = { failure: string; keys: Partial<CallableFailureKeys> };

/** Matches no key: the feature has no keys of its own on the server. */
const NO_OWN_KEYS = /^(?!)/;

export const ADMIN_KEYS = {
  own: /^admin\.errors\.[A-Za-z]+$/,
  noConnection: 'admin.errors.noConnection',
  forbidden: 'admin.errors.forbidden',
} satisfies CallableFailureKeys;

export const TICKET_KEYS = {
  own: /^tickets\.(?:errors|presalary)\.[A-Za-z]+$/,
  noConnection: 'tickets.form.offline',
  forbidden: 'tickets.errors.forbidden',
} satisfies CallableFailureKeys;

export const TICKET_PROCESSING_KEYS = {
  own: /^tickets\.processing\.errors\.[A-Za-z]+$/,
  noConnection: 'tickets.processing.errors.noConnection',
  forbidden: 'tickets.processing.errors.forbidden',
} satisfies CallableFailureKeys;

/** A rating's own refusals, and the processing keys (not found, not yours) it shares with them. */
const TICKET_RATING_KEYS = {
  own: /^tickets\.(?:rating|processing)\.errors\.[A-Za-z]+$/,
  noConnection: 'tickets.rating.errors.noConnection',
  forbidden: 'tickets.processing.errors.forbidden',
} satisfies CallableFailureKeys;

export const TICKET_QUEUE_KEYS = {
  own: /^tickets\.queue\.errors\.[A-Za-z]+$/,
  noConnection: 'tickets.queue.errors.noConnection',
  forbidden: 'tickets.queue.errors.forbidden',
} satisfies CallableFailureKeys;

export const SAFETY_KEYS = {
  own: /^safety\.errors\.[A-Za-z]+$/,
  noConnection: 'safety.errors.noConnection',
  forbidden: 'safety.errors.forbidden',
} satisfies CallableFailureKeys;

const BUG_REPORT_KEYS = { own: /^bugReport\.errors\.[A-Za-z]+$/ };
const NOTIFICATION_KEYS = { own: /^notifications\.errors\.[A-Za-z]+$/ };
const PUSH_KEYS = { own: /^profile\.settings\.push\.errors\.[A-Za-z]+$/ };
const SESSION_KEYS = {};

export const CALLABLE_KEYS = {
  submitTicket: { failure: 'tickets.errors.submitFailed', keys: TICKET_KEYS },
  attachTicketFiles: { failure: 'tickets.errors.attachFailed', keys: TICKET_KEYS },
  submitBugReport: { failure: 'bugReport.errors.submitFailed', keys: BUG_REPORT_KEYS },
  submitSafetyReport: { failure: 'safety.errors.submitFailed', keys: SAFETY_KEYS },
  safetyReportStep: { failure: 'safety.errors.stepFailed', keys: SAFETY_KEYS },
  revealSafetyReporter: { failure: 'safety.errors.revealFailed', keys: SAFETY_KEYS },

  listUsers: { failure: 'admin.errors.loadUsersFailed', keys: ADMIN_KEYS },
  getUserProfile: { failure: 'admin.errors.loadProfileFailed', keys: ADMIN_KEYS },
  updateUserRole: { failure: 'admin.errors.updateRoleFailed', keys: ADMIN_KEYS },
  saveUserPermissions: { failure: 'admin.errors.savePermissionsFailed', keys: ADMIN_KEYS },
  resetUserPassword: { failure: 'admin.errors.resetPasswordFailed', keys: ADMIN_KEYS },
  setAccountStatus: { failure: 'admin.errors.setStatusFailed', keys: ADMIN_KEYS },
  updateWorker: { failure: 'admin.errors.updateWorkerFailed', keys: ADMIN_KEYS },
  createAccount: { failure: 'admin.errors.createAccountFailed', keys: ADMIN_KEYS },
  adminDashboard: { failure: 'admin.errors.loadDashboardFailed', keys: ADMIN_KEYS },
  testPermission: { failure: 'admin.errors.testPermissionFailed', keys: ADMIN_KEYS },
  testSecurityLog: { failure: 'admin.errors.securityLogFailed', keys: ADMIN_KEYS },
  getBackendLogLevel: { failure: 'admin.errors.logLevelFailed', keys: ADMIN_KEYS },
  setBackendLogLevel: { failure: 'admin.errors.logLevelFailed', keys: ADMIN_KEYS },
  saveServiceLevels: { failure: 'admin.errors.saveServiceLevelsFailed', keys: ADMIN_KEYS },

  changeTicketStatus: { failure: 'tickets.processing.errors.statusFailed', keys: TICKET_PROCESSING_KEYS },
  assignTicket: { failure: 'tickets.processing.errors.assignFailed', keys: TICKET_PROCESSING_KEYS },
  addTicketUpdate: { failure: 'tickets.processing.errors.updateFailed', keys: TICKET_PROCESSING_KEYS },
  confirmTicketItem: { failure: 'tickets.processing.errors.confirmFailed', keys: TICKET_PROCESSING_KEYS },
  rateTicket: { failure: 'tickets.rating.errors.failed', keys: TICKET_RATING_KEYS },

  listTicketQueue: { failure: 'tickets.queue.errors.loadFailed', keys: TICKET_QUEUE_KEYS },
  listTicketStaff: { failure: 'tickets.queue.errors.staffFailed', keys: TICKET_QUEUE_KEYS },

  markNotificationsRead: { failure: 'notifications.errors.markFailed', keys: NOTIFICATION_KEYS },
  getDeviceKey: { failure: 'session.errors.deviceKeyFailed', keys: SESSION_KEYS },
  keepSessionAlive: { failure: 'auth.errors.sessionFailed', keys: SESSION_KEYS },
  registerPushDevice: { failure: 'profile.settings.push.errors.registerFailed', keys: PUSH_KEYS },
  unregisterPushDevice: { failure: 'profile.settings.push.errors.unregisterFailed', keys: PUSH_KEYS },
} as const satisfies Record<CallableName, CallableKeys>;

/** The failure key of callable `name`: what a failure without a more specific reason says. */
export function failureKeyOf(name: CallableName): string {
  return CALLABLE_KEYS[name].failure;
}

/**
 * The failure of callable `name` for `error` (as the Functions SDK throws it), mapped with the
 * callable's keys (toCallableFailure); a CallableError is returned as it is.
 */
export function callableErrorOf(name: CallableName, error: unknown): CallableError {
  if (error instanceof CallableError) return error;
  const { failure, keys } = CALLABLE_KEYS[name] as CallableKeys;
  const featureKeys: CallableFailureKeys = {
    own: keys.own ?? NO_OWN_KEYS,
    noConnection: keys.noConnection ?? failure,
    forbidden: keys.forbidden ?? failure,
  };
  return new CallableError(
    name,
    toCallableFailure(error, failure, featureKeys),
    failureSourceOf(error),
    error,
  );
}
