// Which monday.com board holds the workers and which column holds each profile field. Read once
// from the functions' params (functions/.env.<project> or the environment), checked with zod so a
// wrong key is named at start-up instead of surfacing as an empty profile later.
import { defineSecret, defineString } from 'firebase-functions/params';
import { z } from 'zod';
import { workerProfileSchema } from '../../domain/index.js';

export const DEFAULT_MONDAY_API_URL = 'https://api.monday.com/v2';
export const DEFAULT_MONDAY_API_VERSION = '2026-10';

/** The API token (personal or app token); never logged, redacted from error texts. */
export const MONDAY_API_TOKEN = defineSecret('MONDAY_API_TOKEN');
/**
 * The app's signing secret: monday signs the webhook requests of app-token webhooks with it (a JWT
 * in Authorization). Without a usable one (unset, shorter than 20 characters, a placeholder) the
 * webhook endpoint refuses every event.
 */
export const MONDAY_SIGNING_SECRET = defineSecret('MONDAY_SIGNING_SECRET');
/** The webhook URL as registered on the board (the JWT's `aud`); empty: the function's cloudfunctions.net URL. */
export const MONDAY_WEBHOOK_URL = defineString('MONDAY_WEBHOOK_URL', {
  default: '',
  description:
    'The mondayWebhook URL registered on the board; empty = https://<region>-<project>.cloudfunctions.net/mondayWebhook.',
});
/** A full sync that would remove more than this share of the cached workers stops with an error. */
export const MONDAY_SYNC_MAX_REMOVAL_SHARE = defineString('MONDAY_SYNC_MAX_REMOVAL_SHARE', {
  default: '0.2',
  description:
    'A full sync stops, changing nothing, when it would remove more than this share of the workers (0-1).',
});

/** Empty = no board: the Firestore `workers` directory stays in use. */
export const MONDAY_BOARD_ID = defineString('MONDAY_BOARD_ID', {
  default: '',
  description: 'The monday.com board of the workers; empty keeps the Firestore workers directory.',
});
export const MONDAY_COLUMN_MAP = defineString('MONDAY_COLUMN_MAP', {
  default: '',
  description:
    'JSON: profile field -> {"id": column id, "type": column type} (docs/operations.md: monday.com board).',
});
export const MONDAY_API_URL = defineString('MONDAY_API_URL', {
  default: DEFAULT_MONDAY_API_URL,
  description: 'The board API; the local fake board in npm start and the tests.',
});
export const MONDAY_API_VERSION = defineString('MONDAY_API_VERSION', { default: DEFAULT_MONDAY_API_VERSION });

/** The column types the mapping reads and writes (columns.ts); `name` is the item's own name. */
export const MONDAY_COLUMN_TYPES = [
  'name',
  'text',
  'long_text',
  'email',
  'phone',
  'date',
  'status',
  'dropdown',
  'numbers',
] as const;
export type MondayColumnType = (typeof MONDAY_COLUMN_TYPES)[number];

/** Every profile field but the id (the item id is the worker id). */
export const PROFILE_FIELDS = Object.keys(workerProfileSchema.shape).filter(
  (field) => field !== 'id',
) as ProfileField[];
export type ProfileField = Exclude<keyof typeof workerProfileSchema.shape, 'id'>;

const DATE_FIELDS = new Set<string>([
  'rotationStart',
  'rotationReturn',
  'ssgExpiry',
  'greenCardExpiry',
  'hotWorkPermitExpiry',
]);

/** The column types that can hold a field's values: a date needs a date or text column, and so on. */
export function allowedTypesFor(field: ProfileField): readonly MondayColumnType[] {
  if (field === 'name') return ['name', 'text'];
  if (field === 'email') return ['email', 'text'];
  if (DATE_FIELDS.has(field)) return ['date', 'text'];
  if (field === 'phone' || field === 'supervisorPhone') return ['phone', 'text'];
  return ['text', 'long_text', 'status', 'dropdown', 'numbers', 'phone', 'email'];
}

const columnSchema = z.strictObject({
  id: z.string().trim().min(1, 'a column id is required').max(100),
  type: z.enum(MONDAY_COLUMN_TYPES),
});
export type MondayColumn = z.infer<typeof columnSchema>;

const columnsShape = Object.fromEntries(
  PROFILE_FIELDS.map((field) => [field, columnSchema.optional()]),
) as Record<ProfileField, z.ZodOptional<typeof columnSchema>>;

const columnMapSchema = z.strictObject(columnsShape).superRefine((map, ctx) => {
  if (!map.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'the e-mail column is required' });
  const seen = new Map<string, string>();
  for (const [field, column] of Object.entries(map) as [ProfileField, MondayColumn | undefined][]) {
    if (!column) continue;
    if (!allowedTypesFor(field).includes(column.type)) {
      ctx.addIssue({
        code: 'custom',
        path: [field, 'type'],
        message: `a ${column.type} column cannot hold ${field} (use ${allowedTypesFor(field).join(' or ')})`,
      });
    }
    const other = seen.get(column.id);
    if (other) {
      ctx.addIssue({
        code: 'custom',
        path: [field, 'id'],
        message: `column ${column.id} is already mapped to ${other}`,
      });
    }
    seen.set(column.id, field);
  }
});
export type MondayColumnMap = Partial<Record<ProfileField, MondayColumn>>;

export const mondayConfigSchema = z.object({
  boardId: z.string().trim().regex(/^\d+$/, 'a numeric board id is required'),
  apiUrl: z.url({ protocol: /^https?$/ }).default(DEFAULT_MONDAY_API_URL),
  apiVersion: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'an API version like 2026-10 is required')
    .default(DEFAULT_MONDAY_API_VERSION),
  columns: columnMapSchema,
});
/** The checked board configuration; the item name is the worker name unless `columns.name` says otherwise. */
export type MondayConfig = {
  boardId: string;
  apiUrl: string;
  apiVersion: string;
  columns: MondayColumnMap;
};

/** The configuration is wrong; the message names every wrong key (`MONDAY_COLUMN_MAP.pesel.type: ...`). */
export class MondayConfigError extends Error {
  override name = 'MondayConfigError';
}

const ENV_NAME_OF: Record<string, string> = {
  boardId: 'MONDAY_BOARD_ID',
  apiUrl: 'MONDAY_API_URL',
  apiVersion: 'MONDAY_API_VERSION',
  columns: 'MONDAY_COLUMN_MAP',
};

export type MondayConfigInput = {
  boardId?: string | undefined;
  columnMap?: string | undefined;
  apiUrl?: string | undefined;
  apiVersion?: string | undefined;
};

/**
 * The checked configuration from raw strings (params or env). Throws `MondayConfigError` naming
 * the wrong keys. The column map is JSON: `{"email": {"id": "email_mkx1", "type": "email"}, ...}`.
 */
export function parseMondayConfig(input: MondayConfigInput): MondayConfig {
  let columns: unknown;
  try {
    columns = JSON.parse(input.columnMap?.trim() || 'null');
  } catch (error) {
    throw new MondayConfigError(`MONDAY_COLUMN_MAP: not valid JSON (${(error as Error).message})`);
  }
  const parsed = mondayConfigSchema.safeParse({
    boardId: input.boardId ?? '',
    apiUrl: input.apiUrl?.trim() || undefined,
    apiVersion: input.apiVersion?.trim() || undefined,
    columns: columns ?? undefined,
  });
  if (parsed.success) {
    const { columns: map, ...rest } = parsed.data;
    return { ...rest, columns: { name: { id: 'name', type: 'name' }, ...map } };
  }
  const lines = parsed.error.issues.map((issue) => {
    const [head, ...path] = issue.path.map(String);
    const key = [ENV_NAME_OF[head ?? ''] ?? head, ...path].join('.');
    const unknownKeys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
    return `${key}: ${issue.message}${unknownKeys}`;
  });
  throw new MondayConfigError(`monday.com board configuration is invalid: ${lines.join('; ')}`);
}

/** True when a board is configured (else the Firestore directory serves the workers). */
export const isMondayConfigured = (boardId: string | undefined) => Boolean(boardId?.trim());

/** The configuration from the functions' params; call at start-up (or first use) of a function. */
export function mondayConfigFromParams(): MondayConfig {
  return parseMondayConfig({
    boardId: MONDAY_BOARD_ID.value(),
    columnMap: MONDAY_COLUMN_MAP.value(),
    apiUrl: MONDAY_API_URL.value(),
    apiVersion: MONDAY_API_VERSION.value(),
  });
}
