// The shape of a new ticket document, built without I/O so it can be read (and tested) in one
// place. It matches what emulator-data/load.mjs writes for the seed tickets.
import type { Timestamp } from 'firebase-admin/firestore';
import {
  type ClothesItem,
  type ClothesItemType,
  type StoredAttachment,
  type TicketSubmission,
  presalaryCosts,
  ticketSearchTokens,
} from '../../domain/index.js';
import type { Caller } from '../caller.js';

export type PersonRef = { uid: string; name: string };

/** A catalogue tool an order line refers to, as read from `toolCatalog/{toolId}`. */
export type ResolvedTool = { toolId: string; name: string; unit: string | null; quantity: number };

export type ClothesLine = {
  name: string;
  quantity: number;
  confirmed: boolean;
  type: ClothesItemType;
  variant: 'summer' | 'winter' | null;
  size: string;
};
export type ToolLine = {
  name: string;
  quantity: number;
  confirmed: boolean;
  toolId: string;
  unit: string | null;
};
export type TicketItem = ClothesLine | ToolLine;

/** Category details; every value is defined, because Firestore refuses `undefined`. */
export type TicketDetails = Record<string, string | number | boolean>;

export type TicketDocument = {
  number: string;
  category: TicketSubmission['category'];
  subcategory: string;
  description: string;
  status: 'new';
  archived: boolean;
  createdAt: Timestamp;
  createdBy: string;
  submitter: { uid: string; name: string; email: string | null };
  assignedTo: PersonRef | null;
  /** `assignedTo.uid`, '' when nobody is assigned: what the queue's assignee filters compare. */
  assigneeUid: string;
  /** The submitter's site (worker directory `siteName`) when the ticket was filed, else null. */
  site: string | null;
  lastUpdate: Timestamp;
  details: TicketDetails;
  items: TicketItem[];
  attachments: StoredAttachment[];
  /** How many files the client said it would upload after creating the ticket. */
  declaredAttachments: number;
  searchTokens: string[];
  address?: string;
  carPlate?: string;
};

export type ActivityEntry = {
  at: Timestamp;
  by: PersonRef;
  change: { type: 'created' } | { type: 'field'; field: string; from: unknown; to: unknown };
};

/** English item names, as staff read them in the ticket list (and as the seed writes them). */
const CLOTHES_NAMES: Record<ClothesItemType, string> = {
  jacket: 'jacket',
  pants: 'work trousers',
  shoes: 'safety shoes',
  longSleeveShirt: 'long-sleeve shirt',
  beanie: 'beanie',
  buff: 'buff',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Winter jacket, size L", "Beanie, size M". */
export function clothesItemName(item: Pick<ClothesItem, 'type' | 'variant' | 'size'>): string {
  const base = capitalize([item.variant, CLOTHES_NAMES[item.type]].filter(Boolean).join(' '));
  return item.size ? `${base}, size ${item.size}` : base;
}

/** Euro cents back to euro for storage, e.g. 1575 -> 15.75. */
const euros = (cents: number) => cents / 100;

function detailsOf(submission: TicketSubmission): TicketDetails {
  switch (submission.category) {
    case 'presalary': {
      const costs = presalaryCosts(submission.amount);
      return {
        amount: euros(costs.amountCents),
        currency: submission.currency,
        fee: euros(costs.feeCents),
        total: euros(costs.totalCents),
        period: submission.period,
        reason: submission.reason,
        termsAccepted: submission.termsAccepted,
      };
    }
    case 'absences':
      return {
        type: submission.subcategory,
        reason: submission.reason,
        startDate: submission.startDate,
        endDate: submission.endDate,
        hasMedicalCertificate: submission.hasMedicalCertificate,
      };
    case 'receipts':
      return {
        amount: submission.amount,
        currency: submission.currency,
        ...(submission.purchaseDate ? { purchaseDate: submission.purchaseDate } : {}),
      };
    case 'salary':
      return { period: submission.period };
    case 'workhours':
      return {
        startDate: submission.startDate,
        endDate: submission.endDate,
        ...(submission.hours !== undefined ? { hours: submission.hours } : {}),
      };
    case 'clothes':
    case 'tools':
    case 'car':
    case 'accommodation':
      return {};
  }
}

function itemsOf(submission: TicketSubmission, tools: readonly ResolvedTool[]): TicketItem[] {
  if (submission.category === 'clothes') {
    return submission.items.map((item) => ({
      name: clothesItemName(item),
      quantity: item.quantity,
      confirmed: false,
      type: item.type,
      variant: item.variant,
      size: item.size,
    }));
  }
  if (submission.category === 'tools') {
    return tools.map((tool) => ({
      name: tool.name,
      quantity: tool.quantity,
      confirmed: false,
      toolId: tool.toolId,
      unit: tool.unit,
    }));
  }
  return [];
}

/**
 * The document of a new ticket: status `new`, nobody assigned, no attachments yet (files are
 * attached by attachTicketFiles once uploaded), category details and items, search tokens, and
 * the submitter's site for the staff queue.
 */
export function buildTicketDocument(input: {
  submission: TicketSubmission;
  caller: Caller;
  number: string;
  at: Timestamp;
  tools: readonly ResolvedTool[];
  site: string | null;
}): TicketDocument {
  const { submission, caller, number, at, tools, site } = input;
  return {
    number,
    category: submission.category,
    subcategory: submission.subcategory,
    description: submission.description,
    status: 'new',
    archived: false,
    createdAt: at,
    createdBy: caller.uid,
    submitter: { uid: caller.uid, name: caller.name, email: caller.email },
    assignedTo: null,
    assigneeUid: '',
    site,
    lastUpdate: at,
    details: detailsOf(submission),
    items: itemsOf(submission, tools),
    attachments: [],
    declaredAttachments: submission.attachments.length,
    searchTokens: ticketSearchTokens(number, submission.description),
    ...(submission.category === 'accommodation' ? { address: submission.address } : {}),
    ...(submission.category === 'car' ? { carPlate: submission.carPlate } : {}),
  };
}

/** The activity entry that opens every ticket's log. */
export function createdEntry(caller: Caller, at: Timestamp): ActivityEntry {
  return { at, by: { uid: caller.uid, name: caller.name }, change: { type: 'created' } };
}
