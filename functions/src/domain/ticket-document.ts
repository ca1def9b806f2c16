// The ticket document `tickets/{id}`: its one type, the one builder of a new one and the one way
// to change one (ticketPatch), so its shape is written here and nowhere else. `Time` is how a
// moment is held: a Date in the domain's operations (the runner stores it as a timestamp), a
// Firestore Timestamp where functions write it directly. It matches what emulator-data/load.mjs
// writes for the seed tickets.
import type { DELETE_FIELD, DocumentWrite } from './operations/decision.js';
import { presalaryCosts } from './presalary.js';
import { ticketSearchTokens } from './search.js';
import type { ClothesItem, ClothesItemType, StoredAttachment, TicketSubmission } from './ticket-schemas.js';
import type { TicketStatus } from './tickets.js';

/** Someone named on a ticket: in `assignedTo`, on an update, on an activity entry. */
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

/** The ticket document. The fields after `address` are set only by processing. */
export type TicketDocument<Time = Date> = {
  number: string;
  category: TicketSubmission['category'];
  subcategory: string;
  description: string;
  status: TicketStatus;
  archived: boolean;
  createdAt: Time;
  createdBy: string;
  submitter: { uid: string; name: string; email: string | null };
  assignedTo: PersonRef | null;
  /** `assignedTo.uid`, '' when nobody is assigned: what the queue's assignee filters compare. */
  assigneeUid: string;
  /** The submitter's site (worker directory `siteName`) when the ticket was filed, else null. */
  site: string | null;
  lastUpdate: Time;
  details: TicketDetails;
  items: TicketItem[];
  attachments: StoredAttachment[];
  /** How many files the client said it would upload after creating the ticket. */
  declaredAttachments: number;
  searchTokens: string[];
  address?: string;
  carPlate?: string;
  /** The status before archiving, while archived. */
  archivedFrom?: TicketStatus;
  /** Why it was rejected, while rejected (or archived from rejected). */
  rejectionReason?: string;
  /** What was paid out, while paid (or archived from paid). */
  paid?: { amount: number; date: string; by: PersonRef };
  /** The day (YYYY-MM-DD, Warsaw) by which staff should first answer: the category's service level. */
  answerDueDay?: string;
  /**
   * When and by whom staff first answered it (a status change or an update); set once. A new ticket
   * stores null, so the overdue query can ask for the unanswered ones.
   */
  firstResponseAt?: Time | null;
  firstResponseBy?: PersonRef;
  /** When the overdue notifier told its staff it is past its answer day; set once. */
  overdueNotifiedAt?: Time;
  /** The owner's answer to "Did this solve it?" once the ticket was resolved, paid or sent. */
  rating?: { value: 'up' | 'down'; comment: string; at: Time; requestId: string; status: TicketStatus };
};

/**
 * A change of a ticket: some of its fields, each set or removed (DELETE_FIELD). A patch, not an
 * update: on the web a ticket "update" is a message in its history.
 */
export type TicketPatch<Time = Date> = {
  [Field in keyof TicketDocument<Time>]?: TicketDocument<Time>[Field] | typeof DELETE_FIELD;
};

export const ticketPath = (ticketId: string) => `tickets/${ticketId}`;

/** The write that changes ticket `ticketId`: the only way an operation changes a ticket. */
export function ticketPatch(ticketId: string, data: TicketPatch): DocumentWrite {
  return { type: 'update', path: ticketPath(ticketId), data };
}

/** An entry of the ticket's log, `tickets/{id}/activity/{entryId}`. */
export type ActivityEntry<Time = Date> = {
  at: Time;
  by: PersonRef;
  change: { type: 'created' } | { type: 'field'; field: string; from: unknown; to: unknown };
};

/** Who files a ticket. */
export type TicketAuthor = { uid: string; name: string; email: string | null };

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
export function buildTicketDocument<Time>(input: {
  submission: TicketSubmission;
  caller: TicketAuthor;
  number: string;
  at: Time;
  tools: readonly ResolvedTool[];
  site: string | null;
  /** The category's answer day (service-levels.ts); none leaves the ticket without one. */
  answerDueDay?: string | null;
}): TicketDocument<Time> {
  const { submission, caller, number, at, tools, site, answerDueDay } = input;
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
    ...(answerDueDay ? { answerDueDay } : {}),
    firstResponseAt: null,
  };
}

/** The activity entry that opens every ticket's log. */
export function createdEntry<Time>(caller: TicketAuthor, at: Time): ActivityEntry<Time> {
  return { at, by: { uid: caller.uid, name: caller.name }, change: { type: 'created' } };
}
