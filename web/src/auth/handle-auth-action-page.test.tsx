import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import * as api from './api';
import { HandleAuthActionPage } from './handle-auth-action-page';

// No Firebase: the action codes are checked and applied through ./api.
vi.mock('./api', () => ({
  checkResetCode: vi.fn(),
  setNewPassword: vi.fn(),
  verifyEmail: vi.fn(),
  recoverEmail: vi.fn(),
}));

function renderAction(search: string) {
  return render(
    <MemoryRouter initialEntries={[`/handle-auth-action${search}`]}>
      <Routes>
        <Route path="/handle-auth-action" element={<HandleAuthActionPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

// An Input.Password has no textbox role; its label finds it.
const newPassword = () => screen.getByLabelText('Nowe hasło');
const confirmPassword = () => screen.getByLabelText('Powtórz nowe hasło');

async function fillNewPassword(password: string, confirm: string) {
  await userEvent.type(newPassword(), password);
  await userEvent.type(confirmPassword(), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Zapisz hasło' }));
}

beforeEach(() => {
  vi.mocked(api.checkResetCode).mockResolvedValue('jan@example.com');
  vi.mocked(api.setNewPassword).mockResolvedValue(undefined);
  vi.mocked(api.verifyEmail).mockResolvedValue(undefined);
  vi.mocked(api.recoverEmail).mockResolvedValue('jan.old@example.com');
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('HandleAuthActionPage: the error texts of spec section 8 (English)', () => {
  beforeEach(async () => {
    await changeLanguage('en');
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it.each([
    ['no parameters', ''],
    ['no code', '?mode=resetPassword'],
    ['no mode', '?oobCode=code-1'],
  ])('says the link is invalid with %s', async (_case, search) => {
    renderAction(search);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid action link. Please use the link provided in your email.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('names an unsupported mode', async () => {
    renderAction('?mode=signIn&oobCode=code-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported action mode: signIn');
    expect(api.checkResetCode).not.toHaveBeenCalled();
  });

  it('says an expired reset code is invalid', async () => {
    vi.mocked(api.checkResetCode).mockRejectedValue({ code: 'auth/expired-action-code' });
    renderAction('?mode=resetPassword&oobCode=old-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired action code.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says when the two passwords differ', async () => {
    renderAction('?mode=resetPassword&oobCode=code-1');
    await userEvent.type(await screen.findByLabelText('New password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'secret2');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.setNewPassword).not.toHaveBeenCalled();
  });

  it('says when the new password cannot be saved', async () => {
    vi.mocked(api.setNewPassword).mockRejectedValue({ code: 'auth/weak-password' });
    renderAction('?mode=resetPassword&oobCode=code-1');
    await userEvent.type(await screen.findByLabelText('New password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to set new password. Please try again.',
    );
  });
});

describe('HandleAuthActionPage: reset password', () => {
  it('checks the code, asks for the new password, saves it and confirms', async () => {
    renderAction('?mode=resetPassword&oobCode=code-1');
    expect(screen.getByRole('heading', { name: 'Ustaw nowe hasło' })).toBeInTheDocument();
    expect(await screen.findByText('Nowe hasło dla jan@example.com')).toBeInTheDocument();
    expect(api.checkResetCode).toHaveBeenCalledWith('code-1');

    await fillNewPassword('secret1', 'secret1');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nowe hasło zostało zapisane. Możesz się teraz zalogować.',
    );
    expect(api.setNewPassword).toHaveBeenCalledWith('code-1', 'secret1');
    expect(screen.queryByLabelText('Nowe hasło')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przejdź do logowania' })).toHaveAttribute('href', '/login');
  });

  it('refuses a password shorter than 6 characters', async () => {
    renderAction('?mode=resetPassword&oobCode=code-1');
    await screen.findByText('Nowe hasło dla jan@example.com');
    await fillNewPassword('abc12', 'abc12');
    expect(await screen.findByText('Hasło musi mieć co najmniej 6 znaków')).toBeInTheDocument();
    expect(api.setNewPassword).not.toHaveBeenCalled();
  });

  it('accepts a password of exactly 6 characters', async () => {
    renderAction('?mode=resetPassword&oobCode=code-1');
    await screen.findByText('Nowe hasło dla jan@example.com');
    await fillNewPassword('abc123', 'abc123');
    await waitFor(() => expect(api.setNewPassword).toHaveBeenCalledWith('code-1', 'abc123'));
  });

  it('refuses two different passwords', async () => {
    renderAction('?mode=resetPassword&oobCode=code-1');
    await screen.findByText('Nowe hasło dla jan@example.com');
    await fillNewPassword('secret1', 'secret9');
    expect(await screen.findByText('Hasła nie są zgodne.')).toBeInTheDocument();
    expect(api.setNewPassword).not.toHaveBeenCalled();
  });

  it('keeps the form after a failed save so the user can try again', async () => {
    vi.mocked(api.setNewPassword).mockRejectedValueOnce(new Error('network'));
    renderAction('?mode=resetPassword&oobCode=code-1');
    await screen.findByText('Nowe hasło dla jan@example.com');
    await fillNewPassword('secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nie udało się ustawić nowego hasła. Spróbuj ponownie.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz hasło' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nowe hasło zostało zapisane. Możesz się teraz zalogować.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.setNewPassword).toHaveBeenCalledTimes(2);
  });
});

describe('HandleAuthActionPage: verify and recover e-mail', () => {
  it('confirms a verified e-mail', async () => {
    renderAction('?mode=verifyEmail&oobCode=verify-1');
    expect(screen.getByRole('heading', { name: 'Potwierdź adres e-mail' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Twój adres e-mail został potwierdzony.');
    expect(api.verifyEmail).toHaveBeenCalledWith('verify-1');
  });

  it('says a used verification code is invalid', async () => {
    vi.mocked(api.verifyEmail).mockRejectedValue({ code: 'auth/invalid-action-code' });
    renderAction('?mode=verifyEmail&oobCode=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy lub wygasły kod operacji.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('confirms the recovered e-mail by address', async () => {
    renderAction('?mode=recoverEmail&oobCode=recover-1');
    expect(screen.getByRole('heading', { name: 'Przywróć adres e-mail' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Adres e-mail jan.old@example.com został przywrócony. Rozważ zmianę hasła.',
    );
    expect(api.recoverEmail).toHaveBeenCalledWith('recover-1');
  });

  it('says a failed recovery code is invalid', async () => {
    vi.mocked(api.recoverEmail).mockRejectedValue({ code: 'auth/expired-action-code' });
    renderAction('?mode=recoverEmail&oobCode=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy lub wygasły kod operacji.');
  });

  it('says the link is invalid in Polish by default', async () => {
    renderAction('');
    expect(screen.getByRole('heading', { name: 'Operacja na koncie' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nieprawidłowy link. Użyj linku z wiadomości e-mail.',
    );
  });
});
