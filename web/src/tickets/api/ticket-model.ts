import { type TicketStatus, toTicketStatus } from '@domain';

/*
 * What the read screens work with, and the mapping from the stored documents (see
 * emulator-data/load.mjs for the exact shape). Pure: Firestore Timestamps are recognised by their
 * toDate() method, so the mapping is tested without Firebase. Stored data is never trusted to
 * have the right types: a missing or odd field reads as empty, never as a crash.
 */

/** Someone a ticket names: `by` of updates and activity entries, `assignedTo`, `submitter`. */
export type PersonRef = { uid: string; name: string; email: string | null };

export type TicketAttachment = { name: string; path: string; contentType: string; size: number };

export type TicketItem = { name: string; quantity: number; confirmed: boolean };

/** The category-specific fields; which are present depends on the category. */
export type TicketCategoryDetails = {
  amount?: number;
  currency?: string;
  fee?: number;
  total?: number;
  /** Salary period id, e.g. `2026-11-H1`. */
  period?: string;
  reason?: string;
  /** Absence type (also the subcategory of absences). */
  type?: string;
  /** `YYYY-MM-DD` days. */
  startDate?: string;
  endDate?: string;
  purchaseDate?: string;
  hasMedicalCertificate?: boolean;
  hours?: number;
};

export type Ticket = {
  id: string;
  number: string;
  category: string;
  subcategory: string;
  description: string;
  status: TicketStatus;
  createdAt: Date | null;
  createdBy: string;
  submitter: PersonRef | null;
  assignedTo: PersonRef | null;
  lastUpdate: Date | null;
  address: string | null;
  carPlate: string | null;
  details: TicketCategoryDetails;
  items: TicketItem[];
  attachments: TicketAttachment[];
  archived: boolean;
  /** The status an archived ticket had before; null when absent or not a known status. */
  archivedFrom: TicketStatus | null;
  /** Why staff rejected the ticket. */
  rejectionReason: string | null;
  /** What was paid out, when staff marked a presalary paid (`date` is a `YYYY-MM-DD` day). */
  paid: { amount: number | null; date: string | null } | null;
  searchTokens: string[];
  /** The day (`YYYY-MM-DD`) staff should first answer by; null when the ticket has none. */
  answerDueDay: string | null;
  /** When staff first answered (a status change or an update); null until then. */
  firstResponseAt: Date | null;
  /** The owner's answer to "Did this solve it?"; null until given. */
  rating: { value: 'up' | 'down'; comment: string } | null;
};

export type TicketUpdate = {
  id: string;
  text: string;
  by: PersonRef | null;
  at: Date | null;
  attachments: TicketAttachment[];
};

/** A logged change; values are stored as plain text (status ids, names) or null. */
export type ActivityChange =
  | { type: 'created' }
  | { type: 'field'; field: string; from: string | null; to: string | null }
  | { type: 'other' };

export type ActivityEntry = { id: string; at: Date | null; by: PersonRef | null; change: ActivityChange };

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const finiteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A Firestore Timestamp (anything with toDate()), a Date, or an ISO string; else null. */
export function toDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (isRecord(value) && typeof value.toDate === 'function') {
    const converted: unknown = (value.toDate as () => unknown)();
    date = converted instanceof Date ? converted : null;
  } else if (typeof value === 'string' && value !== '') date = new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

function toPerson(value: unknown): PersonRef | null {
  if (!isRecord(value)) return null;
  const name = text(value.name);
  const email = optionalText(value.email);
  if (!name && !email) return null;
  return { uid: text(value.uid), name, email };
}

function toAttachments(value: unknown): TicketAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((file) => {
    const path = text(file.path);
    if (!path) return [];
    return [
      {
        name: text(file.name) || path.split('/').pop() || path,
        path,
        contentType: text(file.contentType),
        size: finiteNumber(file.size) ?? 0,
      },
    ];
  });
}

function toItems(value: unknown): TicketItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => ({
    name: text(item.name),
    quantity: finiteNumber(item.quantity) ?? 1,
    confirmed: item.confirmed === true,
  }));
}

const DETAIL_TEXT_FIELDS = [
  'currency',
  'period',
  'reason',
  'type',
  'startDate',
  'endDate',
  'purchaseDate',
] as const;
const DETAIL_NUMBER_FIELDS = ['amount', 'fee', 'total', 'hours'] as const;

function pickDetails(source: Data): TicketCategoryDetails {
  const details: TicketCategoryDetails = {};
  for (const field of DETAIL_TEXT_FIELDS) {
    const value = optionalText(source[field]);
    if (value !== null) details[field] = value;
  }
  for (const field of DETAIL_NUMBER_FIELDS) {
    const value = finiteNumber(source[field]);
    if (value !== undefined) details[field] = value;
  }
  if (typeof source.hasMedicalCertificate === 'boolean') {
    details.hasMedicalCertificate = source.hasMedicalCertificate;
  }
  return details;
}

/** A ticket document. Category fields are read from `details`, or from the top level as a fallback. */
export function toTicket(id: string, data: Data): Ticket {
  const nested = isRecord(data.details) ? data.details : {};
  return {
    id,
    number: text(data.number) || id,
    category: text(data.category),
    subcategory: text(data.subcategory),
    description: text(data.description),
    status: toTicketStatus(data.status),
    createdAt: toDate(data.createdAt),
    createdBy: text(data.createdBy),
    submitter: toPerson(data.submitter),
    assignedTo: toPerson(data.assignedTo),
    lastUpdate: toDate(data.lastUpdate),
    address: optionalText(data.address),
    carPlate: optionalText(data.carPlate),
    details: { ...pickDetails(data), ...pickDetails(nested) },
    items: toItems(data.items),
    attachments: toAttachments(data.attachments),
    archived: data.archived === true,
    archivedFrom: typeof data.archivedFrom === 'string' ? toTicketStatus(data.archivedFrom) : null,
    rejectionReason: optionalText(data.rejectionReason),
    paid: isRecord(data.paid)
      ? { amount: finiteNumber(data.paid.amount) ?? null, date: optionalText(data.paid.date) }
      : null,
    searchTokens: Array.isArray(data.searchTokens)
      ? data.searchTokens.filter((token): token is string => typeof token === 'string')
      : [],
    answerDueDay:
      typeof data.answerDueDay === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.answerDueDay)
        ? data.answerDueDay
        : null,
    firstResponseAt: toDate(data.firstResponseAt),
    rating:
      isRecord(data.rating) && (data.rating.value === 'up' || data.rating.value === 'down')
        ? { value: data.rating.value, comment: text(data.rating.comment) }
        : null,
  };
}

export function toTicketUpdate(id: string, data: Data): TicketUpdate {
  return {
    id,
    text: text(data.text),
    by: toPerson(data.by),
    at: toDate(data.at),
    attachments: toAttachments(data.attachments),
  };
}

/** A logged value as text: strings as stored, numbers and booleans spelled out, anything else null. */
function changeValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value) && typeof value.name === 'string') return value.name;
  return null;
}

export function toActivityEntry(id: string, data: Data): ActivityEntry {
  const change = isRecord(data.change) ? data.change : {};
  let parsed: ActivityChange = { type: 'other' };
  if (change.type === 'created') parsed = { type: 'created' };
  else if (change.type === 'field' && typeof change.field === 'string') {
    parsed = {
      type: 'field',
      field: change.field,
      from: changeValue(change.from),
      to: changeValue(change.to),
    };
  }
  return { id, at: toDate(data.at), by: toPerson(data.by), change: parsed };
}
