import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderSignedIn } from '../testing/auth';
import { SafetyReportPage } from './safety-report-page';

/*
 * The reporter view against a fake Firestore SDK: the page's one listener is recorded with the
 * document it listens to, and the test feeds it snapshots (or an error) by hand, as the server's
 * changes to the reporter's copy would arrive.
 */

type Listener = {
  path: string;
  options: unknown;
  next: (snapshot: unknown) => void;
  error: (error: unknown) => void;
  isActive: boolean;
};

const fake = vi.hoisted(() => ({ listeners: [] as Listener[] }));

vi.mock('../lib/firebase-data', () => ({ firestore: () => Promise.resolve({ fake: 'db' }) }));
// Stored photos as object URLs of bytes read under the rules; here, one per path.
vi.mock('../lib/storage/use-stored-file-url', () => ({
  useStoredFileUrl: (path: string) => ({
    url: `blob:http://localhost/${path}`,
    isLoading: false,
    isError: false,
    isDenied: false,
  }),
}));

vi.mock('firebase/firestore', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  onSnapshot: (
    ref: { path: string },
    options: unknown,
    next: Listener['next'],
    error: Listener['error'],
  ): (() => void) => {
    const listener: Listener = { path: ref.path, options, next, error, isActive: true };
    fake.listeners.push(listener);
    return () => {
      listener.isActive = false;
    };
  },
}));

/** A Firestore Timestamp as the SDK hands it out. */
const timestamp = (date: Date) => ({ toDate: () => date });

/** Today at hh:mm, local time: a step of today shows its time only. */
const today = (hours: number, minutes: number) => {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date;
};

const OPEN_REPORT = {
  id: 'r-1',
  kind: 'scaffold',
  type: 'nearMiss',
  urgency: 'lifeThreatening',
  urgencyRank: 0,
  description: 'Loose planks on level 3',
  site: 'Budowa Wola Park',
  siteArea: 'Klatka B',
  location: null,
  photos: [],
  anonymous: false,
  reporter: { uid: 'u-worker', name: 'Piotr Kowalczyk' },
  status: 'open',
  notifiedCount: 3,
  createdAt: timestamp(today(10, 42)),
  updatedAt: timestamp(today(10, 42)),
  acknowledgedAt: null,
  acknowledgedBy: null,
  madeSafeAt: null,
  madeSafeBy: null,
  madeSafeText: null,
  closedAt: null,
  closedBy: null,
  minutesToAcknowledge: null,
  lastUpdateText: null,
  lastUpdateAt: null,
};

const ANNA = { uid: 'u-anna', name: 'Anna Nowak', role: 'manager' };

/** The report after each step a handler took, as the server writes the reporter's copy. */
const CLOSED_REPORT = {
  ...OPEN_REPORT,
  status: 'closed',
  acknowledgedAt: timestamp(today(10, 50)),
  acknowledgedBy: ANNA,
  lastUpdateText: 'Scaffold closed off until Monday',
  lastUpdateAt: timestamp(today(11, 20)),
  madeSafeAt: timestamp(today(11, 5)),
  madeSafeBy: ANNA,
  madeSafeText: 'Barrier put up, planks fixed',
  closedAt: timestamp(today(11, 30)),
  closedBy: ANNA,
};

const snapshot = (data: Record<string, unknown> | undefined, fromCache = false) => ({
  id: 'r-1',
  data: () => data,
  metadata: { fromCache },
});

/** The one active listener to document `path` (the reporter's own copy unless told). */
async function listener(path = 'users/u-worker/safetyReports/r-1'): Promise<Listener> {
  const active = () => fake.listeners.filter((item) => item.isActive && item.path === path);
  await waitFor(() => expect(active()).toHaveLength(1));
  const found = active()[0];
  if (!found) throw new Error('no listener');
  return found;
}

function renderPage(reportId = 'r-1') {
  return renderSignedIn(
    <Routes>
      <Route path="/safety/:reportId" element={<SafetyReportPage />} />
    </Routes>,
    { path: `/safety/${reportId}`, uid: 'u-worker' },
  );
}

/** The value shown beside a field label (a dt and its dd). */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const steps = () =>
  within(screen.getByRole('region', { name: 'Co się dzieje ze zgłoszeniem' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('SafetyReportPage', () => {
  beforeEach(() => {
    fake.listeners.length = 0;
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('listens to the reporter’s own copy of the report, with metadata changes', async () => {
    renderPage('r-1');
    const live = await listener();
    expect(live.path).toBe('users/u-worker/safetyReports/r-1');
    expect(live.options).toEqual({ includeMetadataChanges: true });
  });

  it('shows what was reported, when and to how many people, and that nobody has seen it yet', async () => {
    renderPage();
    const live = await listener();
    act(() => live.next(snapshot(OPEN_REPORT)));

    expect(screen.getByRole('heading', { name: 'Zgłoszenie zagrożenia' })).toBeInTheDocument();
    expect(screen.getByText('Zgłoszono o 10:42, wysłano do 3 osób')).toBeInTheDocument();
    expect(valueOf('Co jest nie tak')).toBe('Rusztowanie');
    expect(valueOf('Rodzaj')).toBe('Zdarzenie potencjalnie wypadkowe');
    expect(valueOf('Pilność')).toBe('Bezpośrednie zagrożenie życia');
    expect(valueOf('Status')).toBe('Otwarte');
    expect(valueOf('Budowa')).toBe('Budowa Wola Park');
    expect(valueOf('Gdzie na budowie')).toBe('Klatka B');
    const description = screen.getByRole('region', { name: 'Opis' });
    expect(within(description).getByText('Loose planks on level 3')).toBeInTheDocument();
    expect(steps()).toEqual(['Czeka na odczytanie.']);
    expect(screen.queryByText(/bez Twojego nazwiska/)).not.toBeInTheDocument();
  });

  it('shows each step as it comes: seen, made safe, the last update, closed', async () => {
    renderPage();
    const live = await listener();
    act(() => live.next(snapshot(OPEN_REPORT)));
    expect(steps()).toEqual(['Czeka na odczytanie.']);

    act(() =>
      live.next(
        snapshot({
          ...OPEN_REPORT,
          status: 'acknowledged',
          acknowledgedAt: CLOSED_REPORT.acknowledgedAt,
          acknowledgedBy: ANNA,
        }),
      ),
    );
    expect(valueOf('Status')).toBe('Odczytane');
    expect(steps()).toEqual(['Odczytano o 10:50 — Anna Nowak (kierownik)']);

    act(() => live.next(snapshot(CLOSED_REPORT)));
    expect(valueOf('Status')).toBe('Zamknięte');
    expect(steps()).toEqual([
      'Odczytano o 10:50 — Anna Nowak (kierownik)',
      'Zabezpieczono o 11:05: Barrier put up, planks fixed',
      'Aktualizacja o 11:20: Scaffold closed off until Monday',
      'Zamknięto o 11:30',
    ]);
  });

  it('does not repeat the text the report was made safe with as its last update', async () => {
    renderPage();
    const live = await listener();
    act(() =>
      live.next(
        snapshot({
          ...OPEN_REPORT,
          status: 'madeSafe',
          acknowledgedAt: timestamp(today(11, 5)),
          acknowledgedBy: ANNA,
          madeSafeAt: timestamp(today(11, 5)),
          madeSafeBy: ANNA,
          madeSafeText: 'Barrier put up',
          lastUpdateText: 'Barrier put up',
          lastUpdateAt: timestamp(today(11, 5)),
        }),
      ),
    );
    expect(steps()).toEqual([
      'Odczytano o 11:05 — Anna Nowak (kierownik)',
      'Zabezpieczono o 11:05: Barrier put up',
    ]);
  });

  it('gives the date of what did not happen today, in the reader’s language', async () => {
    await changeLanguage('ru');
    renderPage();
    const live = await listener();
    const earlier = (hours: number, minutes: number) => timestamp(new Date(2026, 10, 2, hours, minutes));
    act(() =>
      live.next(
        snapshot({
          ...OPEN_REPORT,
          notifiedCount: 1,
          createdAt: earlier(10, 42),
          status: 'acknowledged',
          acknowledgedAt: earlier(10, 50),
          acknowledgedBy: ANNA,
        }),
      ),
    );
    expect(
      screen.getByText('Отправлено 2 ноября 2026 г. в 10:42, уведомление получил 1 человек'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Что происходит с сообщением' })).getByText(
        'Просмотрено 2 ноября 2026 г. в 10:50 — Anna Nowak (менеджер)',
      ),
    ).toBeInTheDocument();
    expect(valueOf('Статус')).toBe('Просмотрено');
  });

  it.each([
    ['foreman', 'Odczytano o 10:50 — Piotr Zieliński (brygadzista)'],
    ['admin', 'Odczytano o 10:50 — Piotr Zieliński (administrator)'],
    ['', 'Odczytano o 10:50 — Piotr Zieliński'],
  ])('says in which role (%s) the person who saw it acts', async (role, text) => {
    renderPage();
    const live = await listener();
    const acknowledgedBy = { uid: 'u-piotr', name: 'Piotr Zieliński', role };
    const seen = { ...OPEN_REPORT, status: 'acknowledged', acknowledgedBy };
    act(() => live.next(snapshot({ ...seen, acknowledgedAt: CLOSED_REPORT.acknowledgedAt })));
    expect(steps()).toEqual([text]);
    if (role !== 'foreman') return;
    await act(() => changeLanguage('en'));
    expect(screen.getByText(/^Seen by Piotr Zieliński \(site foreman\) at 10:50/)).toBeInTheDocument();
  });

  it('shows the reporter the report’s photos, and the photo of its making safe once there is one', async () => {
    renderPage();
    const live = await listener();
    const photo = { name: 'photo-1.jpg', path: 'safetyPhotos/r-1/photo-1.jpg' };
    act(() => live.next(snapshot({ ...OPEN_REPORT, photos: [photo] })));
    expect(within(screen.getByRole('list', { name: 'Zdjęcia' })).getByRole('img')).toHaveAttribute(
      'src',
      `blob:http://localhost/${photo.path}`,
    );
    expect(screen.queryByRole('list', { name: 'Zdjęcia po zabezpieczeniu' })).not.toBeInTheDocument();
    const after = { name: 'after.jpg', path: 'safetyReports/steps/r-1/u-anna/after.jpg' };
    act(() => live.next(snapshot({ ...OPEN_REPORT, photos: [photo], madeSafePhotos: [after] })));
    expect(
      within(screen.getByRole('list', { name: 'Zdjęcia po zabezpieczeniu' })).getByRole('img', {
        name: 'Zdjęcie 1',
      }),
    ).toHaveAttribute('src', `blob:http://localhost/${after.path}`);
  });

  it('says a report made without the name was sent without it', async () => {
    renderPage();
    const live = await listener();
    const { reporter: _reporter, ...anonymous } = OPEN_REPORT;
    act(() => live.next(snapshot({ ...anonymous, anonymous: true })));
    expect(
      screen.getByText('Wysłane bez Twojego nazwiska: tylko administratorzy mogą sprawdzić, kto je wysłał.'),
    ).toBeInTheDocument();
  });

  it('shows "not found" for a report that is not there, and for one the rules refuse', async () => {
    const view = renderPage();
    const live = await listener();
    act(() => live.next(snapshot(undefined)));
    // Without a copy of their own, the report itself is asked for: it is not there either.
    const shared = await listener('safetyReports/r-1');
    expect(screen.queryByRole('heading', { name: 'Nie znaleziono zgłoszenia' })).not.toBeInTheDocument();
    act(() => shared.next(snapshot(undefined)));
    expect(screen.getByRole('heading', { name: 'Nie znaleziono zgłoszenia' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zgłoś zagrożenie' })).toHaveAttribute('href', '/report-danger');
    view.unmount();

    fake.listeners.length = 0;
    renderPage('r-2');
    const refused = await listener('users/u-worker/safetyReports/r-2');
    const denied = () => Object.assign(new Error('denied'), { code: 'permission-denied' });
    act(() => refused.error(denied()));
    const sharedRefused = await listener('safetyReports/r-2');
    act(() => sharedRefused.error(denied()));
    expect(screen.getByRole('heading', { name: 'Nie znaleziono zgłoszenia' })).toBeInTheDocument();
  });

  it('waits for the server when the offline cache does not have the report', async () => {
    renderPage();
    const live = await listener();
    act(() => live.next(snapshot(undefined, true)));
    expect(screen.queryByRole('heading', { name: 'Nie znaleziono zgłoszenia' })).not.toBeInTheDocument();
    act(() => live.next(snapshot(OPEN_REPORT)));
    expect(screen.getByRole('heading', { name: 'Zgłoszenie zagrożenia' })).toBeInTheDocument();
  });

  it('looks up no id the server would never make', () => {
    renderPage('not a report id');
    expect(screen.getByRole('heading', { name: 'Nie znaleziono zgłoszenia' })).toBeInTheDocument();
    expect(fake.listeners).toHaveLength(0);
  });

  it('says when the report could not be loaded, and listens again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    const first = await listener();
    act(() => first.error(Object.assign(new Error('unavailable'), { code: 'unavailable' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać zgłoszenia.');
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    const second = await listener();
    expect(second).not.toBe(first);
    act(() => second.next(snapshot(OPEN_REPORT)));
    expect(screen.getByRole('heading', { name: 'Zgłoszenie zagrożenia' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
