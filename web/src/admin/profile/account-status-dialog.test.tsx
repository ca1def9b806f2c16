import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import { ACCOUNT, dialogButton, openDialog, profileAnswer, renderProfile } from './testing/profile-harness';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');
const setStatusMock = callableMock('setAccountStatus');
const DISABLED = profileAnswer({ account: { ...ACCOUNT, disabled: true }, status: 'disabled' });

describe('AccountStatusDialog', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(profileAnswer());
    setStatusMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('disables an account after confirming, then offers to enable it', async () => {
    setStatusMock.mockResolvedValue({ uid: 'u-worker', disabled: true });
    renderProfile();
    const dialog = await openDialog('Disable account');
    expect(dialog).toHaveAccessibleName('Disable account');
    expect(dialog).toHaveTextContent('signed out at the next token refresh');
    getUserProfileMock.mockResolvedValue(DISABLED);
    await userEvent.click(dialogButton(dialog, 'Disable'));

    expect(setStatusMock).toHaveBeenCalledExactlyOnceWith({ uid: 'u-worker', disabled: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Enable account' })).toBeInTheDocument();
    expect(screen.getByText('Account disabled.')).toBeInTheDocument();
    expect(getUserProfileMock).toHaveBeenCalledTimes(2);
  });

  it('enables a disabled account', async () => {
    getUserProfileMock.mockResolvedValue(DISABLED);
    setStatusMock.mockResolvedValue({ uid: 'u-worker', disabled: false });
    renderProfile();
    const dialog = await openDialog('Enable account');
    expect(dialog).toHaveTextContent('will be able to sign in again');
    await userEvent.click(dialogButton(dialog, 'Enable'));
    expect(setStatusMock).toHaveBeenCalledExactlyOnceWith({ uid: 'u-worker', disabled: false });
    expect(await screen.findByText('Account enabled.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    setStatusMock.mockRejectedValue({
      code: 'functions/failed-precondition',
      message: 'admin.errors.selfDisable',
    });
    renderProfile();
    const dialog = await openDialog('Disable account');
    await userEvent.click(dialogButton(dialog, 'Disable'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(i18n.t('admin.errors.selfDisable'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByRole('button', { name: 'Disable account' })).toBeInTheDocument();
    expect(getUserProfileMock).toHaveBeenCalledTimes(1);
  });
});
