import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import { compressImage } from '../../lib/images/compress-image';
import { useStoredFileUrl } from '../../lib/storage/use-stored-file-url';
import * as uploads from '../api/uploads';
import { SafetyReportPage } from '../safety-report-page';

/*
 * /safety/:reportId for someone who did not make the report (a site foreman, a handler), against a
 * fake Firestore SDK: the user's own copy reads as missing, and the test feeds the report itself
 * to its listener by hand. The steps go to a fake call().
 */

type Listener = {
  path: string;
  next: (snapshot: unknown) => void;
  error: (error: unknown) => void;
  isActive: boolean;
};

const fake = vi.hoisted(() => ({ listeners: [] as Listener[] }));

vi.mock('../../lib/firebase-data', () => ({ firestore: () => Promise.resolve({ fake: 'db' }) }));
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);
vi.mock('../../lib/images/compress-image', () => ({ compressImage: vi.fn() }));
// Stored photos as object URLs of bytes read under the rules; here, one per path.
vi.mock('../../lib/storage/use-stored-file-url', () => ({
  useStoredFileUrl: vi.fn((path: string) => ({
    url: `blob:http://localhost/${path}`,
    isLoading: false,
    isError: false,
    isDenied: false,
  })),
}));
vi.mock('../api/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof uploads>()),
  uploadSafetyPhoto: vi.fn(),
}));

vi.mock('firebase/firestore', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  onSnapshot: (
    ref: { path: string },
    _options: unknown,
    next: Listener['next'],
    error: Listener['error'],
  ): (() => void) => {
    const listener: Listener = { path: ref.path, next, error, isActive: true };
    fake.listeners.push(listener);
    return () => {
      listener.isActive = false;
    };
  },
}));

const timestamp = (date: Date) => ({ toDate: () => date });
const today = (hours: number, minutes: number) => {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date;
};

const REPORT = {
  id: 'r-1',
  kind: 'scaffold',
  type: 'nearMiss',
  urgency: 'lifeThreatening',
  urgencyRank: 0,
  description: 'Loose planks on level 3',
  site: 'Budowa Wola Park',
  siteArea: 'Klatka B',
  location: { latitude: 52.2297, longitude: 21.0122, accuracyMeters: 12.4 },
  photos: [
    { path: 'safetyPhotos/r-1/photo-1.jpg', name: 'photo-1.jpg' },
    { path: 'safetyPhotos/r-1/photo-2.jpg', name: 'photo-2.jpg' },
  ],
  anonymous: false,
  reporter: { uid: 'u-worker', name: 'Piotr Kowalczyk' },
  status: 'open',
  readers: ['u-foreman', 'u-manager'],
  notifiedCount: 2,
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

const ANNA = { uid: 'u-manager', name: 'Anna Nowak', role: 'manager' };
const ANONYMOUS = (({ reporter: _reporter, ...rest }) => ({ ...rest, anonymous: true }))(REPORT);

const snapshot = (data: Record<string, unknown> | undefined) => ({
  id: 'r-1',
  data: () => data,
  metadata: { fromCache: false },
});

async function listener(path: string): Promise<Listener> {
  const active = () => fake.listeners.filter((item) => item.isActive && item.path === path);
  await waitFor(() => expect(active()).toHaveLength(1));
  return active()[0] as Listener;
}

const FOREMAN = { uid: 'u-foreman', role: 'foreman', name: 'Jan Brygadzista' };
const MANAGER = { uid: 'u-manager', role: 'manager', name: 'Anna Nowak' };

/** Opens the page as `who`, their own copy missing, and feeds `report` to the report's listener. */
async function openAs(who: typeof FOREMAN, report: Record<string, unknown>) {
  renderSignedIn(
    <Routes>
      <Route path="/safety/:reportId" element={<SafetyReportPage />} />
    </Routes>,
    { path: '/safety/r-1', ...who },
  );
  const own = await listener(`users/${who.uid}/safetyReports/r-1`);
  act(() => own.next(snapshot(undefined)));
  const shared = await listener('safetyReports/r-1');
  act(() => shared.next(snapshot(report)));
  return shared;
}

function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const actionNames = () =>
  within(screen.queryByRole('region', { name: 'Obsługa zgłoszenia' }) ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((button) => button.textContent);

const stepCall = () => callableMock('safetyReportStep');

describe('SafetyReportPage for the people told of a report', () => {
  beforeEach(() => {
    fake.listeners.length = 0;
    stepCall().mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows a foreman the named report with its reporter, place, location and photos, and no actions', async () => {
    await openAs(FOREMAN, REPORT);
    expect(screen.getByRole('heading', { name: 'Zgłoszenie zagrożenia' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Bezpośrednie zagrożenie życia: działaj natychmiast.');
    expect(valueOf('Co jest nie tak')).toBe('Rusztowanie');
    expect(valueOf('Zgłaszający')).toBe('Piotr Kowalczyk');
    expect(valueOf('Budowa')).toBe('Budowa Wola Park');
    expect(valueOf('Status')).toBe('Otwarte');
    expect(valueOf('Lokalizacja')).toContain('52.22970, 21.01220 (±12 m)');
    expect(screen.getByRole('link', { name: 'Otwórz na mapie' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=52.2297&mlon=21.0122#map=18/52.2297/21.0122',
    );
    expect(valueOf('Zdjęcia')).toBe('2 zdjęcia');
    expect(screen.getByText('Loose planks on level 3')).toBeInTheDocument();
    expect(screen.getByText('Nikt jeszcze nie potwierdził przyjęcia.')).toBeInTheDocument();
    expect(actionNames()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Potwierdź przyjęcie' })).not.toBeInTheDocument();
  });

  it('shows the report’s photos and those of its making safe, read under the rules', async () => {
    const after = { name: 'after.jpg', path: 'safetyReports/steps/r-1/u-manager/after.jpg' };
    await openAs(FOREMAN, { ...REPORT, status: 'madeSafe', madeSafePhotos: [after] });
    const photos = screen.getByRole('list', { name: 'Zdjęcia' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((image) => [image.getAttribute('alt'), image.getAttribute('src')]),
    ).toEqual([
      ['Zdjęcie 1', 'blob:http://localhost/safetyPhotos/r-1/photo-1.jpg'],
      ['Zdjęcie 2', 'blob:http://localhost/safetyPhotos/r-1/photo-2.jpg'],
    ]);
    const madeSafe = screen.getByRole('list', { name: 'Zdjęcia po zabezpieczeniu' });
    expect(within(madeSafe).getByRole('img', { name: 'Zdjęcie 1' })).toHaveAttribute(
      'src',
      `blob:http://localhost/${after.path}`,
    );
    expect(vi.mocked(useStoredFileUrl)).not.toHaveBeenCalledWith(expect.stringContaining('token='));
  });

  it('names nobody on a report made without a name', async () => {
    await openAs(FOREMAN, ANONYMOUS);
    expect(valueOf('Zgłaszający')).toBe('Wysłane bez nazwiska');
    expect(screen.queryByText(/Piotr Kowalczyk/)).not.toBeInTheDocument();
  });

  it('shows each step with who took it and when', async () => {
    await openAs(FOREMAN, {
      ...REPORT,
      status: 'closed',
      acknowledgedAt: timestamp(today(10, 50)),
      acknowledgedBy: ANNA,
      madeSafeAt: timestamp(today(11, 5)),
      madeSafeBy: ANNA,
      madeSafeText: 'Barrier put up',
      lastUpdateAt: timestamp(today(11, 20)),
      lastUpdateText: 'Closed off until Monday',
      closedAt: timestamp(today(11, 30)),
      closedBy: ANNA,
      updatedAt: timestamp(today(11, 30)),
    });
    const steps = within(screen.getByRole('region', { name: 'Podjęte kroki' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      expect.stringMatching(/^Przyjęte przez: Anna Nowak o 10:50$/),
      expect.stringMatching(/^Zabezpieczone przez: Anna Nowak o 11:05: Barrier put up$/),
      expect.stringMatching(/^Ostatnia informacja o 11:20: Closed off until Monday$/),
      expect.stringMatching(/^Zamknięte przez: Anna Nowak o 11:30$/),
    ]);
    expect(screen.getByText('Ostatnia zmiana dziś o 11:30')).toBeInTheDocument();
  });

  it.each([
    ['open', ['Potwierdź przyjęcie', 'Dodaj informację', 'Oznacz jako zabezpieczone', 'Zamknij']],
    ['acknowledged', ['Dodaj informację', 'Oznacz jako zabezpieczone', 'Zamknij']],
    ['madeSafe', ['Dodaj informację', 'Zamknij']],
    ['closed', []],
  ])('offers a handler the steps allowed on a report that is %s', async (status, names) => {
    await openAs(MANAGER, { ...REPORT, status });
    expect(actionNames()).toEqual(names);
  });

  it('offers no steps to a manager whose HANDLE_SAFETY_REPORTS is revoked', async () => {
    await openAs({ ...MANAGER, revokedPermissions: ['HANDLE_SAFETY_REPORTS'] } as typeof MANAGER, REPORT);
    expect(actionNames()).toEqual([]);
  });

  it('acknowledges with one call, and the live report shows the result', async () => {
    stepCall().mockResolvedValue({ reportId: 'r-1', status: 'acknowledged', isDuplicate: false });
    const shared = await openAs(MANAGER, REPORT);
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź przyjęcie' }));
    await waitFor(() => expect(stepCall()).toHaveBeenCalledTimes(1));
    expect(stepCall()).toHaveBeenCalledWith({
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as unknown,
      reportId: 'r-1',
      step: 'acknowledge',
    });
    act(() =>
      shared.next(
        snapshot({
          ...REPORT,
          status: 'acknowledged',
          acknowledgedAt: timestamp(today(10, 50)),
          acknowledgedBy: ANNA,
        }),
      ),
    );
    expect(valueOf('Status')).toBe('Odczytane');
    expect(actionNames()).toEqual(['Dodaj informację', 'Oznacz jako zabezpieczone', 'Zamknij']);
  });

  it('shows the server’s refusal translated and retries with the same requestId', async () => {
    stepCall().mockRejectedValueOnce(
      Object.assign(new Error('safety.errors.alreadyAcknowledged'), {
        code: 'functions/failed-precondition',
      }),
    );
    stepCall().mockResolvedValueOnce({ reportId: 'r-1', status: 'acknowledged', isDuplicate: true });
    await openAs(MANAGER, REPORT);
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź przyjęcie' }));
    const region = screen.getByRole('region', { name: 'Obsługa zgłoszenia' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Ktoś już potwierdził odczytanie tego zgłoszenia zagrożenia.',
    );
    expect(stepCall()).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź przyjęcie' }));
    await waitFor(() => expect(stepCall()).toHaveBeenCalledTimes(2));
    const [first, second] = stepCall().mock.calls.map(([request]) => request.requestId);
    expect(second).toBe(first);
    await waitFor(() => expect(within(region).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('asks what was done before marking a report made safe, then sends it with the text', async () => {
    stepCall().mockResolvedValue({ reportId: 'r-1', status: 'madeSafe', isDuplicate: false });
    await openAs(MANAGER, REPORT);
    await userEvent.click(screen.getByRole('button', { name: 'Oznacz jako zabezpieczone' }));
    const region = screen.getByRole('region', { name: 'Obsługa zgłoszenia' });
    const form = region.querySelector('form') as HTMLFormElement;
    await userEvent.click(within(form).getByRole('button', { name: 'Oznacz jako zabezpieczone' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('To pole jest wymagane');
    expect(stepCall()).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText('Co zrobiono, by zabezpieczyć'), '  Barrier put up ');
    await userEvent.click(within(form).getByRole('button', { name: 'Oznacz jako zabezpieczone' }));
    await waitFor(() => expect(stepCall()).toHaveBeenCalledTimes(1));
    expect(stepCall()).toHaveBeenCalledWith({
      requestId: expect.any(String) as unknown,
      reportId: 'r-1',
      step: 'madeSafe',
      text: 'Barrier put up',
    });
    await waitFor(() => expect(region.querySelector('form')).toBeNull());
  });

  it('marks made safe with a photo: made smaller, uploaded once to the handler’s step folder', async () => {
    const compress = vi.mocked(compressImage);
    compress.mockImplementation((file) =>
      Promise.resolve({
        file,
        before: file.size,
        after: file.size,
        width: 1600,
        height: 1200,
        changed: false,
      }),
    );
    const upload = vi.mocked(uploads.uploadSafetyPhoto);
    upload.mockImplementation((path, file, onProgress) => {
      onProgress(100);
      return Promise.resolve({ name: file.name, size: file.size, contentType: file.type, path });
    });
    stepCall()
      .mockRejectedValueOnce(Object.assign(new Error('internal'), { code: 'functions/internal' }))
      .mockResolvedValue({ reportId: 'r-1', status: 'madeSafe', isDuplicate: false });
    await openAs(MANAGER, REPORT);
    await userEvent.click(screen.getByRole('button', { name: 'Oznacz jako zabezpieczone' }));
    const form = screen
      .getByRole('region', { name: 'Obsługa zgłoszenia' })
      .querySelector('form') as HTMLFormElement;
    await userEvent.type(within(form).getByLabelText('Co zrobiono, by zabezpieczyć'), 'Barrier put up');
    const after = new File(['jpeg'], 'after.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(form).getByTestId('safety-camera-input'), [after]);
    const submit = within(form).getByRole('button', { name: 'Oznacz jako zabezpieczone' });
    await userEvent.click(submit);
    await waitFor(() => expect(stepCall()).toHaveBeenCalledTimes(1));
    // The call got no answer: the retry sends the same request with the photo already uploaded.
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(stepCall()).toHaveBeenCalledTimes(2));
    expect(compress).toHaveBeenCalledWith(after, { keepLocation: false });
    expect(upload).toHaveBeenCalledTimes(1);
    const path = upload.mock.calls[0]?.[0];
    expect(path).toMatch(/^safetyReports\/steps\/r-1\/u-manager\/[a-z0-9]+-[a-z0-9]+-after\.jpg$/);
    const [first, second] = stepCall().mock.calls.map(([request]) => request);
    expect(second).toEqual({
      requestId: first?.requestId,
      reportId: 'r-1',
      step: 'madeSafe',
      text: 'Barrier put up',
      photos: [{ name: 'after.jpg', size: 4, contentType: 'image/jpeg', path }],
    });
  });

  it('closes without a text when none is given', async () => {
    stepCall().mockResolvedValue({ reportId: 'r-1', status: 'closed', isDuplicate: false });
    await openAs(MANAGER, { ...REPORT, status: 'madeSafe' });
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(screen.getByLabelText('Uwaga przy zamknięciu (opcjonalnie)')).toBeInTheDocument();
    const form = screen
      .getByRole('region', { name: 'Obsługa zgłoszenia' })
      .querySelector('form') as HTMLFormElement;
    await userEvent.click(within(form).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(stepCall()).toHaveBeenCalledTimes(1));
    expect(stepCall().mock.calls[0]?.[0]).toEqual({
      requestId: expect.any(String) as unknown,
      reportId: 'r-1',
      step: 'close',
    });
  });

  it.each(['en', 'ru'] as const)('shows no raw text key in %s', async (language) => {
    await changeLanguage(language);
    await openAs(MANAGER, { ...ANONYMOUS, minutesToAcknowledge: 3 });
    await userEvent.click(screen.getAllByRole('button')[1] as HTMLElement);
    expect(document.body.textContent).not.toMatch(/safety\.|nav\./);
    expect(document.body.textContent).not.toContain('Wysłane bez nazwiska');
  });
});
