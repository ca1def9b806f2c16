import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import * as api from './api';
import { LoginPage } from './login-page';

// No Firebase: every call of the sign-in screen goes through ./api.
vi.mock('./api', () => ({
  signInWithPassword: vi.fn(),
  sendSignInLink: vi.fn(),
  isEmailSignInLink: vi.fn(),
  finishSignInWithLink: vi.fn(),
  sendResetEmail: vi.fn(),
}));

const authError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const LINK_URL = '/login?apiKey=key&oobCode=code-1&mode=signIn&lang=pl';

const emailInput = () => screen.getByRole('textbox', { name: 'E-mail' });
// The mode switch also has an option called "Hasło", so the field is the password input of that name.
const passwordInput = () => screen.getByLabelText('Hasło', { selector: 'input[type="password"]' });

describe('LoginPage', () => {
  beforeEach(() => {
    vi.mocked(api.isEmailSignInLink).mockReturnValue(false);
    vi.mocked(api.signInWithPassword).mockResolvedValue(undefined);
    vi.mocked(api.sendSignInLink).mockResolvedValue(undefined);
    vi.mocked(api.sendResetEmail).mockResolvedValue(undefined);
    vi.mocked(api.finishSignInWithLink).mockResolvedValue(undefined);
  });

  afterEach(() => {
    vi.resetAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('greets the user with the welcome text', () => {
    render(<LoginPage />);
    expect(
      screen.getByText('Witaj! Zaloguj się, aby składać wnioski i zgłoszenia oraz śledzić ich status.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Site Tickets' })).toBeInTheDocument();
  });

  it('requires both fields before it tries to sign in', async () => {
    render(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(2);
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail address', async () => {
    render(<LoginPage />);
    await userEvent.type(emailInput(), 'not-an-email');
    await userEvent.type(passwordInput(), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Podaj poprawny adres e-mail')).toBeInTheDocument();
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('moves to the first wrong field and drops its error as soon as it is fixed', async () => {
    render(<LoginPage />);
    await userEvent.type(passwordInput(), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    expect(emailInput()).toHaveFocus();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(emailInput(), 'anna@example.com');
    await waitFor(() => expect(screen.queryByText('To pole jest wymagane')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(api.signInWithPassword).toHaveBeenCalledWith('anna@example.com', 'secret1'));
  });

  it('signs in with the typed e-mail and password', async () => {
    render(<LoginPage />);
    await userEvent.type(emailInput(), 'jan@example.com');
    await userEvent.type(passwordInput(), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(api.signInWithPassword).toHaveBeenCalledWith('jan@example.com', 'secret1'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "invalid e-mail or password" for wrong credentials and keeps the e-mail', async () => {
    vi.mocked(api.signInWithPassword).mockRejectedValue({ code: 'auth/invalid-credential' });
    render(<LoginPage />);
    await userEvent.type(emailInput(), 'jan@example.com');
    await userEvent.type(passwordInput(), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy e-mail lub hasło');
    expect(emailInput()).toHaveValue('jan@example.com');
  });

  it('tells the user their account is disabled', async () => {
    vi.mocked(api.signInWithPassword).mockRejectedValue(authError('auth/user-disabled'));
    render(<LoginPage />);
    await userEvent.type(emailInput(), 'jan@example.com');
    await userEvent.type(passwordInput(), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'To konto zostało zablokowane. Skontaktuj się z pomocą techniczną.',
    );
  });

  it('sends a sign-in link in e-mail link mode and says so', async () => {
    render(<LoginPage />);
    await userEvent.click(screen.getByText('Link e-mail'));
    expect(
      screen.getByText('Wyślemy Ci e-mail z linkiem, który zaloguje Cię bez hasła.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Hasło', { selector: 'input[type="password"]' })).not.toBeInTheDocument();
    await userEvent.type(emailInput(), 'jan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link do logowania' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sprawdź skrzynkę: wysłaliśmy link do logowania na adres jan@example.com.',
    );
    expect(api.sendSignInLink).toHaveBeenCalledWith('jan@example.com');
    // Kept for when the user comes back through the link on this device.
    expect(localStorage.getItem('emailForSignIn')).toBe('jan@example.com');
  });

  it('shows the mapped error when the link cannot be sent', async () => {
    vi.mocked(api.sendSignInLink).mockRejectedValue(authError('auth/too-many-requests'));
    render(<LoginPage />);
    await userEvent.click(screen.getByText('Link e-mail'));
    await userEvent.type(emailInput(), 'jan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link do logowania' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zbyt wiele prób. Spróbuj ponownie później.');
  });

  it('sends a password reset from the forgot-password mode and says so', async () => {
    render(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));
    expect(screen.getByRole('heading', { name: 'Zresetuj hasło' })).toBeInTheDocument();
    await userEvent.type(emailInput(), 'jan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link do resetu' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Jeśli konto jan@example.com istnieje, wysłaliśmy link do ustawienia nowego hasła.',
    );
    expect(api.sendResetEmail).toHaveBeenCalledWith('jan@example.com');
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('goes back from the forgot-password mode to the password form', async () => {
    render(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wróć do logowania' }));
    expect(screen.queryByRole('heading', { name: 'Zresetuj hasło' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeInTheDocument();
  });

  describe('coming back from an e-mail sign-in link', () => {
    const LINK_HREF = () => `${window.location.origin}${LINK_URL}`;

    beforeEach(() => {
      window.history.replaceState(null, '', LINK_URL);
      vi.mocked(api.isEmailSignInLink).mockReturnValue(true);
    });

    it('signs in at once with the e-mail stored on this device, without asking for it', async () => {
      localStorage.setItem('emailForSignIn', 'jan@example.com');
      let finish: () => void = () => undefined;
      vi.mocked(api.finishSignInWithLink).mockReturnValue(new Promise((resolve) => (finish = resolve)));
      // StrictMode runs the effect twice: the single-use link must still be spent once.
      render(
        <StrictMode>
          <LoginPage />
        </StrictMode>,
      );
      expect(screen.getByRole('progressbar', { name: 'Logowanie…' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Dokończ logowanie' })).not.toBeInTheDocument();
      await waitFor(() =>
        expect(api.finishSignInWithLink).toHaveBeenCalledWith('jan@example.com', LINK_HREF()),
      );
      expect(api.finishSignInWithLink).toHaveBeenCalledTimes(1);
      finish();
      // The one-time code leaves the address bar.
      await waitFor(() => expect(window.location.search).toBe(''));
      expect(window.location.pathname).toBe('/login');
    });

    it('removes the stored address once the link has signed the user in', async () => {
      localStorage.setItem('emailForSignIn', 'jan@example.com');
      render(<LoginPage />);
      await waitFor(() => expect(api.finishSignInWithLink).toHaveBeenCalled());
      await waitFor(() => expect(localStorage.getItem('emailForSignIn')).toBeNull());
    });

    it('keeps the stored address and offers the form when the stored-e-mail sign-in fails', async () => {
      localStorage.setItem('emailForSignIn', 'jan@example.com');
      vi.mocked(api.finishSignInWithLink).mockRejectedValue(authError('auth/invalid-action-code'));
      render(<LoginPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Link jest nieprawidłowy lub wygasł. Mógł już zostać użyty.',
      );
      expect(emailInput()).toHaveValue('jan@example.com');
      expect(localStorage.getItem('emailForSignIn')).toBe('jan@example.com');
    });

    it('asks for the e-mail on a device without a stored one, then signs in with it', async () => {
      render(<LoginPage />);
      expect(
        screen.getByText('Potwierdź adres e-mail, aby dokończyć logowanie linkiem.'),
      ).toBeInTheDocument();
      expect(api.finishSignInWithLink).not.toHaveBeenCalled();
      expect(screen.queryByRole('button', { name: 'Zaloguj się' })).not.toBeInTheDocument();

      await userEvent.type(emailInput(), 'jan@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Dokończ logowanie' }));
      await waitFor(() =>
        expect(api.finishSignInWithLink).toHaveBeenCalledWith('jan@example.com', LINK_HREF()),
      );
      await waitFor(() => expect(window.location.search).toBe(''));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says the link is meant for a different user when the typed address is not the one it was sent to', async () => {
      // Firebase answers auth/invalid-email when the address does not match the link's.
      vi.mocked(api.finishSignInWithLink).mockRejectedValue(authError('auth/invalid-email'));
      render(<LoginPage />);
      await userEvent.type(emailInput(), 'ktos.inny@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Dokończ logowanie' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Ten link był przeznaczony dla innego użytkownika.',
      );
      expect(emailInput()).toHaveValue('ktos.inny@example.com');
      expect(window.location.search).not.toBe('');
    });

    it('asks for the e-mail in the chosen language', async () => {
      await changeLanguage('ru');
      try {
        render(<LoginPage />);
        expect(
          screen.getByText('Подтвердите адрес e-mail, чтобы завершить вход по ссылке.'),
        ).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Завершить вход' })).toBeInTheDocument();
      } finally {
        await changeLanguage('pl');
      }
    });

    it('leads back to the sign-in form from the link page', async () => {
      render(<LoginPage />);
      await userEvent.click(screen.getByRole('button', { name: 'Wróć do logowania' }));
      expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeInTheDocument();
      expect(window.location.search).toBe('');
    });
  });
});
