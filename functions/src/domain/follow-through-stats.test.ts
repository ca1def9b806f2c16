import { describe, expect, it } from 'vitest';
import { type FollowThroughTicket, followThroughFigures } from './follow-through-stats.js';

const NOW = new Date('2026-11-25T09:00:00Z');
const created = new Date('2026-11-16T08:00:00Z');
const hoursLater = (hours: number) => new Date(created.getTime() + hours * 3_600_000);
const anna = { uid: 'u-anna', name: 'Anna' };
const marek = { uid: 'u-marek', name: 'Marek' };

const ticket = (patch: Partial<FollowThroughTicket>): FollowThroughTicket => ({
  category: 'tools',
  status: 'inProgress',
  createdAt: created,
  answerDueDay: '2026-11-19',
  firstResponseAt: null,
  rating: null,
  assignee: null,
  ...patch,
});

describe('followThroughFigures', () => {
  it('gives median and 90th percentile hours to a first answer and the share on time, per category', () => {
    const figures = followThroughFigures(
      [
        ticket({ firstResponseAt: hoursLater(2) }),
        ticket({ firstResponseAt: hoursLater(4) }),
        ticket({ firstResponseAt: hoursLater(30) }),
        // Answered on 20 Nov, after its answer day.
        ticket({ firstResponseAt: hoursLater(100) }),
        // Past its day, unanswered: counts against the share, not in the hours.
        ticket({}),
        // Not yet due and unanswered: not counted at all.
        ticket({ answerDueDay: '2026-11-30' }),
        ticket({ category: 'absences', firstResponseAt: hoursLater(1), answerDueDay: null }),
      ],
      NOW,
    );
    expect(figures.firstResponseByCategory).toEqual([
      { category: 'absences', counted: 0, medianHours: 1, p90Hours: 1, withinTarget: null },
      { category: 'tools', counted: 5, medianHours: 4, p90Hours: 100, withinTarget: 0.6 },
    ]);
  });

  it('counts 👍 and 👎 per category and per assignee', () => {
    const figures = followThroughFigures(
      [
        ticket({ status: 'resolved', rating: 'up', assignee: anna }),
        ticket({ status: 'resolved', rating: 'up', assignee: anna }),
        ticket({ status: 'inProgress', rating: 'down', assignee: marek }),
        ticket({ category: 'car', status: 'sent', rating: 'down', assignee: anna }),
        ticket({ category: 'car', status: 'sent', rating: 'up' }),
        ticket({ status: 'resolved' }),
      ],
      NOW,
    );
    expect(figures.ratingsByCategory).toEqual([
      { category: 'car', up: 1, down: 1 },
      { category: 'tools', up: 2, down: 1 },
    ]);
    expect(figures.ratingsByStaff).toEqual([
      { uid: 'u-anna', name: 'Anna', up: 2, down: 1 },
      { uid: 'u-marek', name: 'Marek', up: 0, down: 1 },
    ]);
  });

  it('has nothing to say without tickets', () => {
    expect(followThroughFigures([], NOW)).toEqual({
      firstResponseByCategory: [],
      ratingsByCategory: [],
      ratingsByStaff: [],
    });
  });
});
