import type { ResetPasswordResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import { dialogButton, openDialog, profileAnswer, renderProfile } from './testing/profile-harness';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');
const resetMock = callableMock('resetUserPassword');
const LINK = 'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=abc123&apiKey=fake';
/** The same code on this app's own action page (jsdom's origin). */
const APP_LINK = `${window.location.origin}/handle-auth-action?mode=resetPassword&oobCode=abc123`;

describe('ResetPasswordDialog', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(profileAnswer());
    resetMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('asks first, then says where the link went and shows the local link to copy', async () => {
    const user = userEvent.setup();
    resetMock.mockResolvedValue({ uid: 'u-worker', email: 'worker@example.com', link: LINK });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(dialog).toHaveTextContent(
      'Send Piotr Kowalczyk a link to set a new password? It goes to worker@example.com.',
    );
    expect(resetMock).not.toHaveBeenCalled();

    await user.click(dialogButton(dialog, 'Send reset link'));
    expect(resetMock).toHaveBeenCalledExactlyOnceWith({ uid: 'u-worker' });
    expect(
      await within(dialog).findByText('A password reset link was sent to worker@example.com.'),
    ).toBeInTheDocument();
    const link = within(dialog).getByRole('textbox', { name: 'Password link' });
    expect(link).toHaveValue(APP_LINK);
    expect(link).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();

    await user.click(dialogButton(dialog, 'Copy'));
    expect(await navigator.clipboard.readText()).toBe(APP_LINK);
    expect(within(dialog).getByText('Link copied.')).toBeInTheDocument();
    expect(await screen.findByText('Password reset link sent.')).toBeInTheDocument();

    await user.click(dialogButton(dialog, 'Done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows no link field when the link was e-mailed', async () => {
    resetMock.mockResolvedValue({
      uid: 'u-worker',
      email: 'worker@example.com',
      link: null,
    } satisfies ResetPasswordResponse);
    renderProfile();
    const dialog = await openDialog('Reset password');
    await userEvent.click(dialogButton(dialog, 'Send reset link'));
    expect(
      await within(dialog).findByText('A password reset link was sent to worker@example.com.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Password link' })).not.toBeInTheDocument();
  });

  it('keeps the dialog with the reason when the server refuses, and shows no link', async () => {
    resetMock.mockRejectedValue({
      code: 'functions/permission-denied',
      message: 'admin.errors.equalOrHigherLevel',
    });
    renderProfile();
    const dialog = await openDialog('Reset password');
    await userEvent.click(dialogButton(dialog, 'Send reset link'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      i18n.t('admin.errors.equalOrHigherLevel'),
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Password link' })).not.toBeInTheDocument();
    // The reason shows as the submit button leaves its loading state.
    await waitFor(() => expect(dialogButton(dialog, 'Send reset link')).toBeEnabled());
  });

  it('says how many minutes to wait when the hourly limit refuses the reset', async () => {
    resetMock.mockRejectedValue({
      code: 'functions/resource-exhausted',
      message: 'errors.tooManyRequests',
      details: { retryAfterMinutes: 12 },
    });
    renderProfile();
    const dialog = await openDialog('Reset password');
    await userEvent.click(dialogButton(dialog, 'Send reset link'));
    const text = 'Too many requests. Please try again in 12 minutes.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(await screen.findAllByText(text)).toHaveLength(2);
  });
});
