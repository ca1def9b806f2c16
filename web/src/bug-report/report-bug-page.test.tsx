import { AUTH_RULES } from '@domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../lib/auth/auth-context';
import type { AuthState } from '../lib/auth/types';
import { NoticesProvider } from '../notices';
import { testUser } from '../testing/auth';
import { callableMock } from '../testing/fake-call';
import * as api from './api';
import { ReportBugPage } from './report-bug-page';

vi.mock('./api', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    uploadBugReportFile: vi.fn(),
    newRequestId: vi.fn(() => 'request-id-0001'),
  };
});

vi.mock('../lib/call', async () => (await import('../testing/fake-call')).fakeCallModule);

const submitBugReport = callableMock('submitBugReport');
const uploadBugReportFile = vi.mocked(api.uploadBugReportFile);

const VERSION = '2.3.4+beef01';

function renderPage(state: unknown = { from: '/ticket/abc?tab=log' }, user = testUser({ uid: 'u-worker' })) {
  const auth: AuthState = {
    user,
    rules: AUTH_RULES,
    isLoading: false,
    isRestoredSignIn: false,
    signOut: () => Promise.resolve(),
  };
  return render(
    <AuthContext.Provider value={auth}>
      <NoticesProvider>
        <MemoryRouter initialEntries={[{ pathname: '/report-bug', state }]}>
          <ReportBugPage />
        </MemoryRouter>
      </NoticesProvider>
    </AuthContext.Provider>,
  );
}

const screenshot = (name = 'screen.png', size = 2048) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const field = {
  page: () => screen.getByLabelText('Strona'),
  description: () => screen.getByLabelText(/Co poszło nie tak\?/),
  steps: () => screen.getByLabelText('Kroki do odtworzenia'),
  expected: () => screen.getByLabelText('Oczekiwane działanie'),
  actual: () => screen.getByLabelText('Rzeczywiste działanie'),
};
const submitButton = () => screen.getByRole('button', { name: 'Wyślij zgłoszenie błędu' });

async function fillIn() {
  await userEvent.type(field.description(), 'The list stays empty');
  await userEvent.type(field.steps(), 'Open the history');
  await userEvent.type(field.expected(), 'My tickets');
  await userEvent.type(field.actual(), 'Nothing');
}

/** The path the mocked upload stored a file at, as the form sent it. */
const uploadedPaths = () => uploadBugReportFile.mock.calls.map(([path]) => path);

describe('ReportBugPage', () => {
  beforeEach(() => {
    vi.stubGlobal('__APP_VERSION__', VERSION);
    submitBugReport.mockReset();
    uploadBugReportFile.mockReset();
    uploadBugReportFile.mockImplementation((path, file) =>
      Promise.resolve({ name: file.name, size: file.size, contentType: file.type, path }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills in the page the worker came from, and it can be changed', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Zgłoś błąd' })).toBeInTheDocument();
    expect(field.page()).toHaveValue('/ticket/abc?tab=log');
    await userEvent.clear(field.page());
    await userEvent.type(field.page(), '/profile');
    expect(field.page()).toHaveValue('/profile');
  });

  it('leaves the page empty without a previous page', () => {
    renderPage(null);
    expect(field.page()).toHaveValue('');
  });

  it('shows the browser and the app version read-only', () => {
    renderPage();
    const browser = screen.getByLabelText('Przeglądarka');
    const version = screen.getByLabelText('Wersja aplikacji');
    expect(browser).toHaveValue(navigator.userAgent);
    expect(browser).toHaveAttribute('readonly');
    expect(version).toHaveValue(VERSION);
    expect(version).toHaveAttribute('readonly');
  });

  it('requires a description and sends nothing without one', async () => {
    renderPage();
    await userEvent.upload(screen.getByTestId('file-input'), [screenshot()]);
    await userEvent.click(submitButton());
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    expect(field.description()).toHaveAttribute('aria-invalid', 'true');
    expect(uploadBugReportFile).not.toHaveBeenCalled();
    expect(submitBugReport).not.toHaveBeenCalled();
  });

  it('sends the report with the environment and thanks the worker', async () => {
    submitBugReport.mockResolvedValue({ reportId: 'r-1' });
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dziękujemy za zgłoszenie' })).toBeInTheDocument();
    expect(screen.getByText('Dziękujemy! Zgłoszenie błędu zostało wysłane.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Formularz zgłoszenia błędu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć do profilu' })).toHaveAttribute('href', '/profile');
    expect(submitBugReport).toHaveBeenCalledTimes(1);
    expect(submitBugReport.mock.calls[0]?.[0]).toEqual({
      requestId: 'request-id-0001',
      page: '/ticket/abc?tab=log',
      description: 'The list stays empty',
      steps: 'Open the history',
      expected: 'My tickets',
      actual: 'Nothing',
      browser: navigator.userAgent,
      appVersion: VERSION,
      attachments: [],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Zgłoś kolejny błąd' }));
    expect(field.description()).toHaveValue('');
    expect(field.page()).toHaveValue('/ticket/abc?tab=log');
  });

  it('uploads the files into the worker’s folder of this request before sending the report', async () => {
    submitBugReport.mockResolvedValue({ reportId: 'r-2' });
    renderPage();
    await fillIn();
    const file = screenshot('screen shot.png', 4096);
    await userEvent.upload(screen.getByTestId('file-input'), [file]);
    await userEvent.click(submitButton());

    await screen.findByRole('heading', { name: 'Dziękujemy za zgłoszenie' });
    expect(uploadBugReportFile).toHaveBeenCalledTimes(1);
    expect(uploadBugReportFile.mock.calls[0]?.[1]).toBe(file);
    const [path] = uploadedPaths();
    expect(path).toMatch(/^bug-reports\/u-worker\/request-id-0001\/[a-z0-9]+-[a-z0-9]+-screen_shot\.png$/);
    expect(submitBugReport.mock.calls[0]?.[0].attachments).toEqual([
      { name: 'screen shot.png', size: 4096, contentType: 'image/png', path },
    ]);
    expect(uploadBugReportFile.mock.invocationCallOrder[0]).toBeLessThan(
      submitBugReport.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('keeps everything on a failure and retries with the same request id, uploading nothing twice', async () => {
    submitBugReport.mockRejectedValueOnce(
      Object.assign(new Error('bugReport.errors.submitFailed'), { code: 'functions/internal' }),
    );
    submitBugReport.mockResolvedValueOnce({ reportId: 'r-3' });
    renderPage();
    await fillIn();
    await userEvent.upload(screen.getByTestId('file-input'), [screenshot('a.png'), screenshot('b.png')]);
    await userEvent.click(submitButton());

    expect(
      await screen.findByText('Nie udało się wysłać zgłoszenia błędu. Spróbuj ponownie.'),
    ).toBeInTheDocument();
    expect(field.page()).toHaveValue('/ticket/abc?tab=log');
    expect(field.description()).toHaveValue('The list stays empty');
    expect(field.steps()).toHaveValue('Open the history');
    expect(field.expected()).toHaveValue('My tickets');
    expect(field.actual()).toHaveValue('Nothing');
    expect(screen.getByText('a.png')).toBeInTheDocument();
    expect(screen.getByText('b.png')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());

    await userEvent.click(submitButton());
    await screen.findByRole('heading', { name: 'Dziękujemy za zgłoszenie' });
    expect(submitBugReport.mock.calls.map(([report]) => report.requestId)).toEqual([
      'request-id-0001',
      'request-id-0001',
    ]);
    expect(uploadBugReportFile).toHaveBeenCalledTimes(2);
    expect(submitBugReport.mock.calls[1]?.[0].attachments?.map((a) => a.path)).toEqual(uploadedPaths());
  });

  it('keeps everything when an upload fails, and uploads only that file again', async () => {
    uploadBugReportFile.mockImplementation((path, file) =>
      file.name === 'b.png' && uploadBugReportFile.mock.calls.length <= 2
        ? Promise.reject(new Error('storage/unauthorized'))
        : Promise.resolve({ name: file.name, size: file.size, contentType: file.type, path }),
    );
    submitBugReport.mockResolvedValue({ reportId: 'r-4' });
    renderPage();
    await fillIn();
    await userEvent.upload(screen.getByTestId('file-input'), [screenshot('a.png'), screenshot('b.png')]);
    await userEvent.click(submitButton());

    expect(
      await screen.findByText('Nie udało się wysłać zgłoszenia błędu. Spróbuj ponownie.'),
    ).toBeInTheDocument();
    expect(submitBugReport).not.toHaveBeenCalled();
    expect(field.description()).toHaveValue('The list stays empty');
    expect(screen.getByText('b.png')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());

    await userEvent.click(submitButton());
    await screen.findByRole('heading', { name: 'Dziękujemy za zgłoszenie' });
    expect(uploadBugReportFile.mock.calls.map(([, file]) => file.name)).toEqual(['a.png', 'b.png', 'b.png']);
    expect(submitBugReport.mock.calls[0]?.[0].attachments?.map((a) => a.name)).toEqual(['a.png', 'b.png']);
  });

  it('puts the server’s field messages on the fields', async () => {
    submitBugReport.mockRejectedValueOnce(
      Object.assign(new Error('Invalid bug report'), {
        code: 'functions/invalid-argument',
        details: { fields: { steps: 'validation.maxChars:4000' } },
      }),
    );
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());
    expect(await screen.findByText('Dozwolone maksymalnie 4000 znaków')).toBeInTheDocument();
    expect(field.steps()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Nie udało się wysłać zgłoszenia błędu. Spróbuj ponownie.')).toBeInTheDocument();
  });

  it('says how many minutes to wait over the hourly limit, keeping what was typed', async () => {
    submitBugReport.mockRejectedValueOnce(
      Object.assign(new Error('errors.tooManyRequests'), {
        code: 'functions/resource-exhausted',
        details: { retryAfterMinutes: 1 },
      }),
    );
    renderPage();
    await fillIn();
    await userEvent.click(submitButton());
    expect(
      await screen.findByText('Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 1 minutę.'),
    ).toBeInTheDocument();
    expect(field.description()).toHaveValue('The list stays empty');
    expect(submitButton()).toBeEnabled();
  });
});

describe('ReportBugPage without SUBMIT_BUG_REPORT', () => {
  it('says why instead of offering a form that the server would refuse', () => {
    renderPage(undefined, testUser({ uid: 'u-worker', revokedPermissions: ['SUBMIT_BUG_REPORT'] }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nie możesz wysyłać zgłoszeń błędów: Twoje konto nie ma uprawnienia do zgłaszania błędów.',
    );
    expect(screen.queryByRole('button', { name: 'Wyślij zgłoszenie błędu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć do profilu' })).toHaveAttribute('href', '/profile');
  });
});
