/** Business constants of spec section 9. Times are in milliseconds. */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const SESSION_TIMEOUT_MS = 15 * MINUTE;
export const SESSION_WARNING_MS = 1 * MINUTE;
export const SESSION_CHECK_INTERVAL_MS = SECOND;
export const CROSS_TAB_MESSAGE_MAX_AGE_MS = 5 * SECOND;

export const PROFILE_CACHE_TTL_MS = 5 * MINUTE;
export const NOTICE_DEFAULT_DURATION_MS = 5000;
export const SW_UPDATE_CHECK_INTERVAL_MS = 60 * MINUTE;
export const MAX_ID_TOKEN_AGE_FOR_SYNC_MS = 5 * MINUTE;
export const SIDEBAR_WIDTH_PX = 260;
export const SPLASH_MIN_DISPLAY_MS = 1500;
export const SPLASH_FADE_MS = 600;

export const MAX_FILE_SIZE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 5;
/**
 * Attachment types (spec section 9: images or PDF), as an explicit allow-list: the photo formats
 * phones, scanners and browsers produce, and PDF. Not SVG: it is a document that can carry script
 * and links. Not BMP, TIFF, ICO, JPEG XL or other rare formats: no phone or scanner app needs them,
 * browsers show some of them poorly or not at all, and every format more is one more parser to trust.
 * file-types.ts tells each one by its first bytes; storage.rules repeat the list.
 */
export const ALLOWED_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
  'application/pdf',
] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** One of ALLOWED_FILE_TYPES, spelled exactly (lower case, no parameters), as storage.rules compare it. */
export const ALLOWED_FILE_TYPE_PATTERN = new RegExp(`^(${ALLOWED_FILE_TYPES.map(escapeRegExp).join('|')})$`);
/**
 * How long an upload may wait for the callable that records it (attachTicketFiles,
 * submitBugReport, addTicketUpdate): after that, a ticket's declaration of files still to come is
 * settled and objects nothing refers to are deleted.
 */
export const ATTACHMENT_UPLOAD_GRACE_MS = 24 * 60 * MINUTE;
export const PASSWORD_MIN_LENGTH = 6;

export const PRESALARY = {
  MIN_AMOUNT: 100,
  MAX_AMOUNT: 500,
  CURRENCY: 'EUR',
  FEE_RATE: 0.05,
  /** Requests are processed on these weekdays (0 = Sunday): Tuesday and Thursday. */
  PROCESSING_WEEKDAYS: [2, 4],
  REQUESTS_PER_SALARY_PERIOD: 1,
} as const;

export const LANGUAGES = ['pl', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pl';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Backend and client logging: errors only unless switched on. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'error';

/** Every function and Hosting rewrite runs here. */
export const FUNCTIONS_REGION = 'europe-central2';
