import { dayIn, isAnswerOverdue, percentile } from './working-days.js';

/*
 * The admin dashboard's follow-through figures over the tickets filed in the last
 * FOLLOW_THROUGH_DAYS: how long staff took to first answer (median and 90th percentile, in hours)
 * and the share answered by the answer day, per category; and the 👍/👎 answers to "Did this solve
 * it?", per category and per member of staff (the ticket's assignee when it was rated). Pure.
 */

export const FOLLOW_THROUGH_DAYS = 30;
/** The most tickets one dashboard reads for these figures (the newest). */
export const FOLLOW_THROUGH_MAX_TICKETS = 5000;

/** What the figures need of one ticket (dates as Dates). */
export type FollowThroughTicket = {
  category: string;
  status: string;
  createdAt: Date;
  answerDueDay: string | null;
  firstResponseAt: Date | null;
  rating: 'up' | 'down' | null;
  assignee: { uid: string; name: string } | null;
};

export type FirstResponseFigures = {
  category: string;
  /** Tickets with an answer day (answered, or past it unanswered). */
  counted: number;
  medianHours: number | null;
  p90Hours: number | null;
  /** Of the counted, the share answered by their answer day (0..1); null when none counted. */
  withinTarget: number | null;
};

export type RatingFigures = { up: number; down: number };

export type FollowThroughFigures = {
  firstResponseByCategory: FirstResponseFigures[];
  ratingsByCategory: (RatingFigures & { category: string })[];
  ratingsByStaff: (RatingFigures & { uid: string; name: string })[];
};

const HOUR_MS = 60 * 60 * 1000;
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function add(map: Map<string, RatingFigures>, key: string, rating: 'up' | 'down') {
  const figures = map.get(key) ?? { up: 0, down: 0 };
  figures[rating] += 1;
  map.set(key, figures);
}

export function followThroughFigures(
  tickets: readonly FollowThroughTicket[],
  now: Date,
): FollowThroughFigures {
  const hours = new Map<string, number[]>();
  const counted = new Map<string, { total: number; onTime: number }>();
  const byCategory = new Map<string, RatingFigures>();
  const byStaff = new Map<string, RatingFigures>();
  const names = new Map<string, string>();

  for (const ticket of tickets) {
    if (ticket.firstResponseAt) {
      const list = hours.get(ticket.category) ?? [];
      list.push((ticket.firstResponseAt.getTime() - ticket.createdAt.getTime()) / HOUR_MS);
      hours.set(ticket.category, list);
    }
    if (ticket.answerDueDay) {
      const answered = ticket.firstResponseAt !== null;
      const late = !answered && isAnswerOverdue({ ...ticket, firstResponseAt: null }, now);
      if (answered || late) {
        const entry = counted.get(ticket.category) ?? { total: 0, onTime: 0 };
        entry.total += 1;
        if (answered && dayIn(ticket.firstResponseAt as Date) <= ticket.answerDueDay) entry.onTime += 1;
        counted.set(ticket.category, entry);
      }
    }
    if (ticket.rating) {
      add(byCategory, ticket.category, ticket.rating);
      if (ticket.assignee) {
        add(byStaff, ticket.assignee.uid, ticket.rating);
        names.set(ticket.assignee.uid, ticket.assignee.name);
      }
    }
  }

  const categories = [...new Set([...hours.keys(), ...counted.keys()])].sort();
  return {
    firstResponseByCategory: categories.map((category) => {
      const list = hours.get(category) ?? [];
      const entry = counted.get(category);
      return {
        category,
        counted: entry?.total ?? 0,
        medianHours: round1(percentile(list, 50)),
        p90Hours: round1(percentile(list, 90)),
        withinTarget: entry && entry.total > 0 ? Math.round((entry.onTime / entry.total) * 100) / 100 : null,
      };
    }),
    ratingsByCategory: [...byCategory.entries()]
      .map(([category, figures]) => ({ category, ...figures }))
      .sort((a, b) => a.category.localeCompare(b.category)),
    ratingsByStaff: [...byStaff.entries()]
      .map(([uid, figures]) => ({ uid, name: names.get(uid) ?? uid, ...figures }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid)),
  };
}
