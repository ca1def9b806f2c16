import type { StoredAttachment } from '@domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import en from '../i18n/en.json';
import pl from '../i18n/pl.json';
import ru from '../i18n/ru.json';
import enScreens from '../i18n/safety/en.json';
import plScreens from '../i18n/safety/pl.json';
import ruScreens from '../i18n/safety/ru.json';
import { compressImage } from '../lib/images/compress-image';
import { renderSignedIn } from '../testing/auth';
import { callableMock } from '../testing/fake-call';
import { setOnline } from '../testing/online';
import * as uploads from './api/uploads';
import { sendSafetyOutboxNow } from './outbox/safety-outbox-sender';
import type * as SafetyOutboxStoreModule from './outbox/safety-outbox-store';
import { browserSafetyOutboxStore, safetyOutbox } from './outbox/safety-outbox-store';
import { ReportDangerPage } from './report-danger-page';

vi.mock('../lib/call', async () => (await import('../testing/fake-call')).fakeCallModule);
vi.mock('../lib/request-id', () => ({ newRequestId: vi.fn(() => 'safety-request-0001') }));
vi.mock('../lib/images/compress-image', () => ({ compressImage: vi.fn() }));
vi.mock('./api/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof uploads>()),
  uploadSafetyPhoto: vi.fn(),
}));

// The reporter's own reports, as their live list gives them.
const own = vi.hoisted(() => ({ reports: [] as Record<string, unknown>[] }));
vi.mock('./api/report-reads', () => ({
  useOwnSafetyReports: () => ({ status: 'ready', reports: own.reports }),
}));

// The phone's outbox of danger reports, in memory (jsdom has no IndexedDB).
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('./outbox/safety-outbox-store', async (importOriginal) => {
  const { memoryKeyValueStore } = await import('../lib/idb/key-value-store');
  const store = memoryKeyValueStore(kept);
  return {
    ...(await importOriginal<typeof SafetyOutboxStoreModule>()),
    browserSafetyOutboxStore: () => store,
  };
});

const submitSafetyReport = callableMock('submitSafetyReport');
const uploadSafetyPhoto = vi.mocked(uploads.uploadSafetyPhoto);
const compress = vi.mocked(compressImage);
const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>();

const SITE = 'Budowa Wola Park';
const WORKER = { id: 'w-1', name: 'Piotr Kowalczyk', email: 'worker@example.com', siteName: SITE };
/** 10:42 local time, as the server's ISO answer. */
const REPORTED_AT = new Date(2026, 10, 2, 10, 42).toISOString();

function renderPage(siteName: string | undefined = SITE) {
  return renderSignedIn(
    <Routes>
      <Route path="/report-danger" element={<ReportDangerPage />} />
      <Route path="/safety/:reportId" element={<p>report page</p>} />
    </Routes>,
    { path: '/report-danger', uid: 'u-worker', worker: { ...WORKER, siteName } },
  );
}

const photo = (name = 'IMG_0001.jpg', size = 3_000_000, type = 'image/jpeg') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** What the mocked compressImage makes of a photo: a smaller JPEG of the same name. */
const compressed = (file: File) => {
  const small = new File(['small'], file.name.replace(/\.[^.]+$/, '.jpg'), { type: 'image/jpeg' });
  Object.defineProperty(small, 'size', { value: 200_000 });
  return small;
};

const field = {
  description: () => screen.getByLabelText(/^Opis/),
  site: () => screen.getByLabelText(/^Budowa/),
  siteArea: () => screen.getByLabelText(/^Gdzie na budowie/),
  location: () => screen.getByRole('checkbox', { name: 'Udostępnij lokalizację mojego telefonu' }),
  anonymous: () => screen.getByRole('checkbox', { name: 'Zgłoś bez mojego nazwiska' }),
};
const submitButton = () => screen.getByRole('button', { name: 'Wyślij zgłoszenie' });
const cameraInput = () => screen.getByTestId('safety-camera-input');
const galleryInput = () => screen.getByTestId('safety-gallery-input');

/** What fillIn() chooses and types, as the report carries it. */
const FILLED_IN = {
  kind: 'scaffold',
  type: 'nearMiss',
  urgency: 'lifeThreatening',
  description: 'Loose planks on level 3',
  site: SITE,
  siteArea: 'Klatka B',
};

async function fillIn() {
  await userEvent.click(screen.getByRole('radio', { name: 'Rusztowanie' }));
  await userEvent.click(screen.getByRole('radio', { name: 'Zdarzenie potencjalnie wypadkowe' }));
  await userEvent.click(screen.getByRole('radio', { name: 'Bezpośrednie zagrożenie życia' }));
  await userEvent.type(field.description(), 'Loose planks on level 3');
  await userEvent.type(field.siteArea(), 'Klatka B');
}

const DONE_HEADING = { name: 'Zgłoszenie wysłane' };
const FAILED = 'Nie udało się wysłać zgłoszenia zagrożenia. Spróbuj ponownie.';
const answer = (notifiedCount = 3) => ({
  reportId: 'r-1',
  reportedAt: REPORTED_AT,
  notifiedCount,
  isDuplicate: false,
});

/** A promise and the functions that settle it, for a step the test lets finish later. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const uploadedPaths = () => uploadSafetyPhoto.mock.calls.map(([path]) => path);

describe('ReportDangerPage', () => {
  beforeEach(() => {
    kept.clear();
    own.reports = [];
    submitSafetyReport.mockReset();
    uploadSafetyPhoto.mockReset();
    uploadSafetyPhoto.mockImplementation((path, file, onProgress) => {
      onProgress(100);
      return Promise.resolve({ name: file.name, size: file.size, contentType: file.type, path });
    });
    compress.mockReset();
    compress.mockImplementation((file) =>
      Promise.resolve({
        file: compressed(file),
        before: file.size,
        after: 200_000,
        width: 1600,
        height: 1200,
        changed: true,
      }),
    );
    getCurrentPosition.mockReset();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition },
    });
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLanguage('pl');
  });

  it.each([
    ['pl', { safety: { ...pl.safety, ...plScreens.safety } }],
    ['en', { safety: { ...en.safety, ...enScreens.safety } }],
    ['ru', { safety: { ...ru.safety, ...ruScreens.safety } }],
  ] as const)('shows every label of the form in %s, none as a raw key', async (language, texts) => {
    await changeLanguage(language);
    const view = renderPage();
    const { form } = texts.safety;
    expect(screen.getByRole('heading', { name: form.title })).toBeInTheDocument();
    const formElement = screen.getByRole('form', { name: form.label });
    for (const [name, label] of [
      ['kind', form.kind],
      ['type', form.type],
      ['urgency', form.urgency],
    ] as const) {
      expect(within(formElement).getByRole('group', { name: label }), name).toBeInTheDocument();
    }
    for (const text of [
      ...Object.values(texts.safety.kinds),
      ...Object.values(texts.safety.types),
      ...Object.values(texts.safety.urgencies),
    ]) {
      expect(screen.getByRole('radio', { name: text })).toBeInTheDocument();
    }
    expect(screen.getByLabelText(new RegExp(`^${form.description}`))).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${form.site}`))).toHaveValue(SITE);
    expect(screen.getByLabelText(new RegExp(`^${form.siteArea}`))).toHaveValue('');
    expect(screen.getByRole('button', { name: form.takePhoto })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: form.choosePhotos })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: form.shareLocation })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: form.anonymous })).not.toBeChecked();
    expect(screen.getByText(form.anonymousHint)).toBeInTheDocument();
    expect(screen.getByText(form.emergency)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: form.submit })).toBeInTheDocument();
    // No key shows as itself, in the text or in a label.
    const labels = [...view.container.querySelectorAll('[aria-label], [alt]')].map(
      (element) => `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('alt') ?? ''}`,
    );
    const rawKey = /\b(?:safety|validation|files|nav|common)\.[A-Za-z]+/;
    expect(view.container.textContent).not.toMatch(rawKey);
    expect(labels.join(' ')).not.toMatch(rawKey);
  });

  it('takes photos with the camera first, several at once, and from the gallery too', async () => {
    renderPage();
    expect(cameraInput()).toHaveAttribute('capture', 'environment');
    expect(cameraInput()).toHaveAttribute('accept', 'image/*');
    expect(cameraInput()).toHaveAttribute('multiple');
    expect(galleryInput()).not.toHaveAttribute('capture');
    expect(galleryInput()).toHaveAttribute('multiple');
    await userEvent.upload(cameraInput(), [photo('a.jpg'), photo('b.jpg')]);
    await userEvent.upload(galleryInput(), [photo('c.png', 1000, 'image/png')]);
    expect(screen.getAllByRole('img', { name: /^Zdjęcie \d$/ })).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Usuń zdjęcie 2' }));
    expect(screen.getAllByRole('img', { name: /^Zdjęcie \d$/ })).toHaveLength(2);
  });

  it('refuses what is not a photo and a sixth photo, saying why', async () => {
    renderPage();
    await userEvent.upload(galleryInput(), [photo('plan.pdf', 1000, 'application/pdf')], {
      applyAccept: false,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('plan.pdf to nie jest zdjęcie.');
    await userEvent.upload(
      cameraInput(),
      [1, 2, 3, 4, 5, 6].map((n) => photo(`p${n}.jpg`)),
    );
    expect(screen.getAllByRole('img', { name: /^Zdjęcie \d$/ })).toHaveLength(5);
    expect(screen.getByRole('alert')).toHaveTextContent('Najwyżej 5 zdjęć: nie dodano p6.jpg.');
    expect(screen.getByRole('button', { name: 'Zrób zdjęcie' })).toBeDisabled();
  });

  it('requires what is wrong, the type, the urgency, a description and the site; sends nothing without them', async () => {
    renderPage('');
    await userEvent.upload(cameraInput(), [photo()]);
    await userEvent.click(submitButton());
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(5);
    for (const name of ['Co jest nie tak?', 'Co się stało?', 'Jak pilne?']) {
      expect(within(screen.getByRole('group', { name })).getByRole('alert')).toHaveTextContent(
        'To pole jest wymagane',
      );
    }
    expect(field.description()).toHaveAttribute('aria-invalid', 'true');
    expect(field.site()).toHaveAttribute('aria-invalid', 'true');
    expect(field.siteArea()).not.toHaveAttribute('aria-invalid');
    expect(compress).not.toHaveBeenCalled();
    expect(uploadSafetyPhoto).not.toHaveBeenCalled();
    expect(submitSafetyReport).not.toHaveBeenCalled();
  });

  it('sends the report once however often it is tapped, photos made smaller and uploaded first, then thanks', async () => {
    const answered = deferred<ReturnType<typeof answer>>();
    submitSafetyReport.mockReturnValue(answered.promise);
    const upload = deferred<void>();
    uploadSafetyPhoto.mockImplementation(async (path, file, onProgress) => {
      onProgress(40);
      await upload.promise;
      onProgress(100);
      return { name: file.name, size: file.size, contentType: file.type, path };
    });
    renderPage();
    await fillIn();
    const original = photo('IMG 0001.heic', 3_000_000, 'image/heic');
    await userEvent.upload(cameraInput(), [original]);
    await userEvent.click(submitButton());

    // The photo's progress shows while it uploads.
    expect(await screen.findByRole('progressbar', { name: 'Wysyłanie zdjęcia 1' })).toHaveAttribute(
      'value',
      '40',
    );
    expect(submitButton()).toBeDisabled();
    await userEvent.click(submitButton());
    fireEvent.submit(screen.getByRole('form', { name: 'Formularz zgłoszenia zagrożenia' }));
    await act(async () => upload.resolve());
    await waitFor(() => expect(submitSafetyReport).toHaveBeenCalled());
    await act(async () => answered.resolve(answer(3)));

    expect(await screen.findByRole('heading', DONE_HEADING)).toBeInTheDocument();
    expect(submitSafetyReport).toHaveBeenCalledTimes(1);
    expect(compress).toHaveBeenCalledTimes(1);
    expect(compress).toHaveBeenCalledWith(original, { keepLocation: false });
    expect(uploadSafetyPhoto).toHaveBeenCalledTimes(1);
    const [path, uploadedFile] = uploadSafetyPhoto.mock.calls[0] ?? [];
    expect(uploadedFile?.name).toBe('IMG 0001.jpg');
    expect(uploadedFile?.type).toBe('image/jpeg');
    expect(path).toMatch(/^safetyReports\/u-worker\/safety-request-0001\/[a-z0-9]+-[a-z0-9]+-IMG_0001\.jpg$/);
    expect(submitSafetyReport.mock.calls[0]?.[0]).toEqual({
      requestId: 'safety-request-0001',
      ...FILLED_IN,
      location: null,
      photos: [{ name: 'IMG 0001.jpg', size: 200_000, contentType: 'image/jpeg', path }],
      anonymous: false,
    } satisfies Record<string, unknown>);
    expect(uploadSafetyPhoto.mock.invocationCallOrder[0]).toBeLessThan(
      submitSafetyReport.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('keeps everything on a failure and retries with the same request id, uploading no photo twice', async () => {
    submitSafetyReport.mockRejectedValueOnce(
      Object.assign(new Error('safety.errors.submitFailed'), { code: 'functions/internal' }),
    );
    submitSafetyReport.mockResolvedValueOnce(answer(3));
    renderPage();
    await fillIn();
    await userEvent.click(field.anonymous());
    await userEvent.upload(cameraInput(), [photo('a.jpg'), photo('b.jpg')]);
    await userEvent.click(submitButton());

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rusztowanie' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Zdarzenie potencjalnie wypadkowe' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Bezpośrednie zagrożenie życia' })).toBeChecked();
    expect(field.description()).toHaveValue('Loose planks on level 3');
    expect(field.site()).toHaveValue(SITE);
    expect(field.siteArea()).toHaveValue('Klatka B');
    expect(field.anonymous()).toBeChecked();
    expect(screen.getAllByRole('img', { name: /^Zdjęcie \d$/ })).toHaveLength(2);
    await waitFor(() => expect(submitButton()).toBeEnabled());

    await userEvent.click(submitButton());
    expect(await screen.findByRole('heading', DONE_HEADING)).toBeInTheDocument();
    expect(submitSafetyReport.mock.calls.map(([report]) => report.requestId)).toEqual([
      'safety-request-0001',
      'safety-request-0001',
    ]);
    expect(uploadSafetyPhoto).toHaveBeenCalledTimes(2);
    expect(compress).toHaveBeenCalledTimes(2);
    const sentPaths = submitSafetyReport.mock.calls.map(([report]) =>
      (report.photos as StoredAttachment[]).map((sent) => sent.path),
    );
    expect(sentPaths).toEqual([uploadedPaths(), uploadedPaths()]);
    expect(submitSafetyReport.mock.calls[1]?.[0].anonymous).toBe(true);
  });

  it('uploads again only the photo that failed', async () => {
    uploadSafetyPhoto.mockImplementation((path, file) =>
      file.name === 'b.jpg' && uploadSafetyPhoto.mock.calls.length <= 2
        ? Promise.reject(Object.assign(new Error('denied'), { code: 'storage/unauthorized' }))
        : Promise.resolve({ name: file.name, size: file.size, contentType: file.type, path }),
    );
    submitSafetyReport.mockResolvedValue(answer(3));
    renderPage();
    await fillIn();
    await userEvent.upload(cameraInput(), [photo('a.jpg'), photo('b.jpg')]);
    await userEvent.click(submitButton());

    expect(
      await screen.findByText('Nie udało się wysłać zdjęcia. Wpisane dane zostają — spróbuj ponownie.'),
    ).toBeInTheDocument();
    expect(submitSafetyReport).not.toHaveBeenCalled();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await userEvent.click(submitButton());
    await screen.findByRole('heading', DONE_HEADING);
    expect(uploadSafetyPhoto.mock.calls.map(([, file]) => file.name)).toEqual(['a.jpg', 'b.jpg', 'b.jpg']);
    expect(submitSafetyReport.mock.calls[0]?.[0].photos?.map((sent) => sent.name)).toEqual([
      'a.jpg',
      'b.jpg',
    ]);
  });

  it('shares the location when the phone gives it, with its accuracy, and keeps it in the photos', async () => {
    getCurrentPosition.mockImplementation((success) =>
      success({
        coords: { latitude: 52.2297, longitude: 21.0122, accuracy: 12.4 },
      } as GeolocationPosition),
    );
    submitSafetyReport.mockResolvedValue(answer(3));
    renderPage();
    await fillIn();
    await userEvent.upload(cameraInput(), [photo()]);
    await userEvent.click(field.location());

    expect(await screen.findByText('Lokalizacja udostępniona (±12 m)')).toBeInTheDocument();
    expect(field.location()).toBeChecked();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual(
      expect.objectContaining({ enableHighAccuracy: true, timeout: 15_000 }),
    );
    await userEvent.click(submitButton());
    await screen.findByRole('heading', DONE_HEADING);
    expect(compress).toHaveBeenCalledWith(expect.any(File), { keepLocation: true });
    expect(submitSafetyReport.mock.calls[0]?.[0].location).toEqual({
      latitude: 52.2297,
      longitude: 21.0122,
      accuracyMeters: 12.4,
    });
  });

  it('says calmly that the location is not shared when the phone refuses, and unticks the box', async () => {
    getCurrentPosition.mockImplementation((_success, failure) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    submitSafetyReport.mockResolvedValue(answer(3));
    renderPage();
    await fillIn();
    await userEvent.upload(cameraInput(), [photo()]);
    await userEvent.click(field.location());

    expect(
      await screen.findByText(
        'Lokalizacja nie została udostępniona — nic nie szkodzi, zgłoszenie pójdzie bez niej.',
      ),
    ).toBeInTheDocument();
    expect(field.location()).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(submitButton());
    await screen.findByRole('heading', DONE_HEADING);
    expect(compress).toHaveBeenCalledWith(expect.any(File), { keepLocation: false });
    expect(submitSafetyReport.mock.calls[0]?.[0].location).toBeNull();
  });

  it('sends the report without the name when the worker asks', async () => {
    submitSafetyReport.mockResolvedValue(answer(3));
    renderPage();
    await fillIn();
    await userEvent.click(field.anonymous());
    expect(field.anonymous()).toBeChecked();
    await userEvent.click(submitButton());
    await screen.findByRole('heading', DONE_HEADING);
    expect(submitSafetyReport.mock.calls[0]?.[0].anonymous).toBe(true);
  });

  it('puts the server’s field messages on the fields', async () => {
    submitSafetyReport.mockRejectedValueOnce(
      Object.assign(new Error('Invalid safety report'), {
        code: 'functions/invalid-argument',
        details: { fields: { siteArea: 'validation.maxChars:200' } },
      }),
    );
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());
    expect(await screen.findByText('Dozwolone maksymalnie 200 znaków')).toBeInTheDocument();
    expect(field.siteArea()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(FAILED)).toBeInTheDocument();
  });

  it('says how many minutes to wait over the hourly limit, keeping what was typed', async () => {
    submitSafetyReport.mockRejectedValueOnce(
      Object.assign(new Error('errors.tooManyRequests'), {
        code: 'functions/resource-exhausted',
        details: { retryAfterMinutes: 5 },
      }),
    );
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());
    expect(
      await screen.findByText('Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 5 minut.'),
    ).toBeInTheDocument();
    expect(field.description()).toHaveValue('Loose planks on level 3');
    expect(submitButton()).toBeEnabled();
  });

  it('lists the worker’s own reports under the form, the anonymous ones too, each opening its page', async () => {
    own.reports = [
      {
        id: 'r-9',
        kind: 'fireGas',
        urgency: 'lifeThreatening',
        status: 'acknowledged',
        anonymous: true,
        createdAt: new Date(2026, 10, 2, 10, 42),
      },
    ];
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Twoje zgłoszenia' }));
    const list = screen.getByRole('list', { name: 'Twoje zgłoszenia' });
    const link = within(list).getByRole('link');
    expect(link).toHaveAttribute('href', '/safety/r-9');
    expect(link).toHaveTextContent('Ogień lub gaz · Bezpośrednie zagrożenie życia');
    expect(link).toHaveTextContent('Odczytane');
    expect(link).toHaveTextContent('Zgłoszono 2 listopada 2026 o 10:42 · bez Twojego nazwiska');
  });

  it('offline: keeps the report on the phone with its photo made smaller, and sends nothing yet', async () => {
    renderPage();
    await fillIn();
    await userEvent.click(field.anonymous());
    await userEvent.upload(cameraInput(), [photo()]);
    act(() => setOnline(false));

    expect(screen.getByText('Brak połączenia')).toBeInTheDocument();
    expect(
      screen.getByText(/zgłoszenie zostanie zapisane w telefonie razem ze zdjęciami/),
    ).toBeInTheDocument();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Zapisane w telefonie' })).toBeInTheDocument();
    expect(uploadSafetyPhoto).not.toHaveBeenCalled();
    expect(submitSafetyReport).not.toHaveBeenCalled();
    expect(compress).toHaveBeenCalledWith(expect.any(File), { keepLocation: false });

    const [entry] = await safetyOutbox.list(browserSafetyOutboxStore() as never, 'u-worker');
    expect(entry).toMatchObject({
      id: 'safety-request-0001',
      status: 'waiting',
      report: {
        requestId: 'safety-request-0001',
        ...FILLED_IN,
        location: null,
        anonymous: true,
      },
    });
    expect(entry?.photos.map((kept) => [kept.name, kept.blob.size])).toEqual([['IMG_0001.jpg', 200_000]]);

    // Back to the form: the waiting report is listed above it.
    await userEvent.click(screen.getByRole('button', { name: 'Zgłoś kolejne zagrożenie' }));
    const waiting = screen.getByRole('list', { name: 'Zgłoszenia czekające na wysłanie' });
    expect(within(waiting).getByText('Czeka na połączenie')).toBeInTheDocument();
    expect(within(waiting).getByText('Loose planks on level 3')).toBeInTheDocument();
    expect(within(waiting).getByText(/1 zdjęcie/)).toBeInTheDocument();
  });

  it('turns “Saved on this phone” into “Report sent” when the report leaves the phone, sent once', async () => {
    submitSafetyReport.mockResolvedValue(answer(3));
    renderPage();
    await fillIn();
    await userEvent.upload(cameraInput(), [photo()]);
    act(() => setOnline(false));
    await userEvent.click(submitButton());
    await screen.findByRole('heading', { name: 'Zapisane w telefonie' });

    act(() => setOnline(true));
    const store = browserSafetyOutboxStore() as SafetyOutboxStoreModule.SafetyOutboxStore;
    await act(() => sendSafetyOutboxNow('u-worker', store));
    expect(await screen.findByRole('heading', DONE_HEADING)).toBeInTheDocument();
    expect(screen.getByText('Zgłoszono o 10:42, wysłano do 3 osób')).toBeInTheDocument();
    expect(submitSafetyReport).toHaveBeenCalledTimes(1);
    expect(submitSafetyReport.mock.calls[0]?.[0]).toMatchObject({
      requestId: 'safety-request-0001',
      photos: [expect.objectContaining({ name: 'IMG_0001.jpg', contentType: 'image/jpeg' })],
    });
    expect(uploadSafetyPhoto.mock.calls[0]?.[0]).toMatch(/^safetyReports\/u-worker\/safety-request-0001\//);
    expect(await safetyOutbox.list(store, 'u-worker')).toEqual([]);
    // Nothing left to send: a second round calls nobody.
    await act(() => sendSafetyOutboxNow('u-worker', store));
    expect(submitSafetyReport).toHaveBeenCalledTimes(1);
  });

  it('keeps the report on the phone when the call gets no answer on a weak signal', async () => {
    submitSafetyReport.mockRejectedValueOnce(
      Object.assign(new Error('internal'), { code: 'functions/internal' }),
    );
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Zapisane w telefonie' })).toBeInTheDocument();
    expect(await safetyOutbox.list(browserSafetyOutboxStore() as never, 'u-worker')).toHaveLength(1);
  });

  it.each([
    ['pl', 1, 'Zgłoszono o 10:42, wysłano do 1 osoby'],
    ['pl', 3, 'Zgłoszono o 10:42, wysłano do 3 osób'],
    ['ru', 1, 'Отправлено в 10:42, уведомление получил 1 человек'],
    ['ru', 3, 'Отправлено в 10:42, уведомление получили 3 человека'],
    ['en', 1, /^Reported at 10:42\s?AM, sent to 1 person$/],
    ['en', 3, /^Reported at 10:42\s?AM, sent to 3 people$/],
  ] as const)(
    '%s: says when the report arrived and to how many (%i) people',
    async (language, count, text) => {
      submitSafetyReport.mockResolvedValue(answer(count));
      renderPage();
      await fillIn();
      await userEvent.click(submitButton());
      await screen.findByRole('heading', DONE_HEADING);
      await act(() => changeLanguage(language));
      expect(screen.getByText(text)).toBeInTheDocument();
    },
  );

  it('links the report sent to its page, and starts a fresh form for another', async () => {
    submitSafetyReport.mockResolvedValue(answer(3));
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());
    await screen.findByRole('heading', DONE_HEADING);
    expect(screen.getByRole('link', { name: 'Śledź to zgłoszenie' })).toHaveAttribute('href', '/safety/r-1');

    await userEvent.click(screen.getByRole('button', { name: 'Zgłoś kolejne zagrożenie' }));
    expect(field.description()).toHaveValue('');
    expect(field.site()).toHaveValue(SITE);
    expect(screen.getByRole('radio', { name: 'Rusztowanie' })).not.toBeChecked();
  });
});
