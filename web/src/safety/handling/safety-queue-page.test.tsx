import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderSignedIn } from '../../testing/auth';
import { SafetyQueuePage } from './safety-queue-page';

/*
 * The safety queue against a fake Firestore SDK: the query is recorded with its constraints, and the
 * test feeds its listener the reports as the server would.
 */

type Listener = {
  query: unknown;
  next: (snapshot: unknown) => void;
  error: (error: unknown) => void;
  isActive: boolean;
};

const fake = vi.hoisted(() => ({ listeners: [] as Listener[] }));

vi.mock('../../lib/firebase-data', () => ({ firestore: () => Promise.resolve({ fake: 'db' }) }));

vi.mock('firebase/firestore', () => ({
  collection: (_db: unknown, path: string) => ({ collection: path }),
  orderBy: (field: string, direction: string) => ({ orderBy: [field, direction] }),
  limit: (count: number) => ({ limit: count }),
  where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
  query: (from: unknown, ...constraints: unknown[]) => ({ from, constraints }),
  onSnapshot: (
    query: unknown,
    _options: unknown,
    next: Listener['next'],
    error: Listener['error'],
  ): (() => void) => {
    const listener: Listener = { query, next, error, isActive: true };
    fake.listeners.push(listener);
    return () => {
      listener.isActive = false;
    };
  },
}));

const timestamp = (date: Date) => ({ toDate: () => date });
const minutesAgo = (minutes: number) => timestamp(new Date(Date.now() - minutes * 60_000));

const report = (id: string, fields: Record<string, unknown>) => ({
  id,
  kind: 'scaffold',
  type: 'hazard',
  urgency: 'serious',
  description: 'x',
  site: 'Wola Park',
  siteArea: '',
  status: 'open',
  createdAt: minutesAgo(10),
  minutesToAcknowledge: null,
  ...fields,
});

const REPORTS = [
  report('closed-life', { status: 'closed', urgency: 'lifeThreatening', createdAt: minutesAgo(500) }),
  report('ack-minor', {
    status: 'acknowledged',
    urgency: 'minor',
    kind: 'electrical',
    minutesToAcknowledge: 7,
    createdAt: minutesAgo(300),
  }),
  report('open-serious-new', { createdAt: minutesAgo(5), site: 'Mokotów' }),
  report('open-life', { urgency: 'lifeThreatening', kind: 'fireGas', createdAt: minutesAgo(3) }),
  report('open-serious-old', { createdAt: minutesAgo(3 * 60), site: 'wola park ' }),
];

const snapshot = (reports: Record<string, unknown>[]) => ({
  docs: reports.map((data) => ({ id: data.id as string, data: () => data })),
  metadata: { fromCache: false },
});

type Snapshot = ReturnType<typeof snapshot>;

/**
 * The queue's two live queries (every unresolved report; the newest 200), answered together as the
 * server would: each gets the reports of `snapshot` its query matches.
 */
async function listener() {
  await waitFor(() => expect(fake.listeners.filter((item) => item.isActive)).toHaveLength(2));
  const [unresolved, recent] = fake.listeners.filter((item) => item.isActive) as [Listener, Listener];
  const isUnresolved = (doc: Snapshot['docs'][number]) =>
    ['open', 'acknowledged'].includes(doc.data().status as string);
  return {
    unresolved,
    recent,
    next: (all: Snapshot) => {
      unresolved.next({ ...all, docs: all.docs.filter(isUnresolved) });
      recent.next(all);
    },
    error: (error: unknown) => recent.error(error),
  };
}

const rowIds = () =>
  within(screen.getByRole('list', { name: 'Zgłoszenia BHP' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

function renderQueue() {
  return renderSignedIn(<SafetyQueuePage />, { uid: 'u-manager', role: 'manager', path: '/safety-queue' });
}

describe('SafetyQueuePage', () => {
  beforeEach(() => {
    fake.listeners.length = 0;
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('listens to every report not yet made safe, and to the newest 200 by the time they were made', async () => {
    renderQueue();
    const live = await listener();
    expect(live.unresolved.query).toEqual({
      from: { collection: 'safetyReports' },
      constraints: [{ where: ['status', 'in', ['open', 'acknowledged']] }],
    });
    expect(live.recent.query).toEqual({
      from: { collection: 'safetyReports' },
      constraints: [{ orderBy: ['createdAt', 'desc'] }, { limit: 200 }],
    });
  });

  it('keeps an open report older than the newest 200 in the queue, first', async () => {
    renderQueue();
    const live = await listener();
    const old = report('open-old', { createdAt: minutesAgo(60 * 24 * 40) });
    act(() => live.unresolved.next(snapshot([old])));
    // Nothing shows until both queries answered.
    expect(screen.queryByRole('list', { name: 'Zgłoszenia BHP' })).not.toBeInTheDocument();
    const newest = Array.from({ length: 200 }, (_, n) =>
      report(`closed-${n}`, { status: 'closed', createdAt: minutesAgo(n + 1) }),
    );
    act(() => live.recent.next(snapshot(newest)));
    expect(rowIds()[0]).toBe('/safety/open-old');
    expect(rowIds()).toHaveLength(201);
  });

  it('lists open reports first, the most urgent first, then the oldest, each linking to its page', async () => {
    renderQueue();
    const live = await listener();
    act(() => live.next(snapshot(REPORTS)));
    expect(rowIds()).toEqual([
      '/safety/open-life',
      '/safety/open-serious-old',
      '/safety/open-serious-new',
      '/safety/ack-minor',
      '/safety/closed-life',
    ]);
    const [first] = within(screen.getByRole('list', { name: 'Zgłoszenia BHP' })).getAllByRole('link');
    expect(first).toHaveTextContent('Bezpośrednie zagrożenie życia');
    expect(first).toHaveTextContent('Ogień lub gaz');
    expect(first).toHaveTextContent('Otwarte');
    expect(first).toHaveTextContent('Wola Park');
    expect(first).toHaveTextContent('3 min temu');
    const acknowledged = screen.getByRole('link', { name: /Elektryczność/ });
    expect(acknowledged).toHaveTextContent('Przyjęte po 7 minutach');
    expect(acknowledged).toHaveTextContent('5 godz. temu');
  });

  it('filters by a site from the reports, whatever its case', async () => {
    renderQueue();
    const live = await listener();
    act(() => live.next(snapshot(REPORTS)));
    const filter = screen.getByLabelText('Budowa');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wszystkie budowy', 'Mokotów', 'Wola Park']);
    await userEvent.selectOptions(filter, 'Mokotów');
    expect(rowIds()).toEqual(['/safety/open-serious-new']);
    await userEvent.selectOptions(filter, 'Wola Park');
    expect(rowIds()).toEqual([
      '/safety/open-life',
      '/safety/open-serious-old',
      '/safety/ack-minor',
      '/safety/closed-life',
    ]);
    await userEvent.selectOptions(filter, 'Wszystkie budowy');
    expect(rowIds()).toHaveLength(5);
  });

  it('says when there are no reports, and when they could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderQueue();
    const live = await listener();
    act(() => live.next(snapshot([])));
    expect(screen.getByText('Brak zgłoszeń BHP.')).toBeInTheDocument();
    act(() => live.error(Object.assign(new Error('unavailable'), { code: 'unavailable' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać zgłoszeń BHP.');
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    const again = await listener();
    expect(again).not.toBe(live);
    vi.restoreAllMocks();
  });

  it.each(['en', 'ru'] as const)('shows no raw text key in %s', async (language) => {
    await changeLanguage(language);
    renderQueue();
    const live = await listener();
    act(() => live.next(snapshot(REPORTS)));
    expect(document.body.textContent).not.toMatch(/safety\.|nav\./);
  });
});
