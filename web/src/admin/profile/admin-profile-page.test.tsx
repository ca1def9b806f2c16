import type { AdminAllowedActions } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import {
  ACCOUNT,
  NOTHING_ALLOWED,
  WORKER,
  noAccountAnswer,
  profileAnswer,
  renderProfile,
} from './testing/profile-harness';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');

const ACTIONS = {
  editRole: 'Edit role',
  editPermissions: 'Edit permissions',
  resetPassword: 'Reset password',
  setStatus: 'Disable account',
  editWorker: 'Edit worker details',
} as const satisfies Partial<Record<keyof AdminAllowedActions, string>>;

const actionButtons = () =>
  within(screen.getByRole('group', { name: 'Actions' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

/** The value shown for a field of the account section. */
const fieldValue = (label: string) => {
  const term = within(screen.getByRole('region', { name: 'Account' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('AdminProfilePage', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(profileAnswer());
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows the account, the admin user view and the worker profile', async () => {
    renderProfile('u-worker');
    expect(screen.getByText('Loading the user…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Piotr Kowalczyk' })).toBeInTheDocument();
    expect(getUserProfileMock).toHaveBeenCalledWith({ userId: 'u-worker' });

    const header = screen.getByRole('heading', { name: 'Piotr Kowalczyk' }).closest('header') as HTMLElement;
    expect(within(header).getByText('worker@example.com')).toBeInTheDocument();
    expect(within(header).getByText('Worker')).toBeInTheDocument();
    expect(within(header).getByText('Enabled')).toBeInTheDocument();

    expect(fieldValue('Auth uid')).toBe('u-worker');
    expect(fieldValue('E-mail verified')).toBe('Yes');
    expect(fieldValue('Last sign-in')).toMatch(/^14 Mar 2026, \d\d:\d\d$/);
    expect(fieldValue('Created')).toContain('10 Jan 2025');
    expect(fieldValue('Directory id')).toBe('w-1001');
    expect(fieldValue('Account status')).toBe('Enabled');

    const worker = screen.getByRole('region', { name: 'Worker profile' });
    expect(within(worker).getByRole('tab', { name: 'Personal details' })).toBeInTheDocument();
    expect(within(worker).getByText('EMP-1001')).toBeInTheDocument();
    // The same masked view as the worker's own profile.
    expect(within(worker).getByText('•••••••2355')).toBeInTheDocument();
    expect(within(worker).queryByText(WORKER.pesel ?? '')).not.toBeInTheDocument();
  });

  it('links back to the user management list', async () => {
    renderProfile('u-worker');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to user management' }));
    expect(await screen.findByText('user list')).toBeInTheDocument();
  });

  it('offers every action the server allows', async () => {
    renderProfile('u-worker');
    await screen.findByRole('heading', { name: 'Piotr Kowalczyk' });
    expect(actionButtons()).toEqual([
      'Edit role',
      'Edit permissions',
      'Reset password',
      'Disable account',
      'Edit worker details',
    ]);
  });

  it.each(Object.entries(ACTIONS))('offers only %s when only that is allowed', async (flag, label) => {
    getUserProfileMock.mockResolvedValue(
      profileAnswer({ allowed: { ...NOTHING_ALLOWED, [flag]: true, assignableRoles: ['user', 'foreman'] } }),
    );
    renderProfile('u-worker');
    await screen.findByRole('heading', { name: 'Piotr Kowalczyk' });
    expect(actionButtons()).toEqual([label]);
  });

  it('offers no action, and no empty action bar, when nothing is allowed', async () => {
    getUserProfileMock.mockResolvedValue(profileAnswer({ allowed: NOTHING_ALLOWED }));
    renderProfile('u-worker');
    await screen.findByRole('heading', { name: 'Piotr Kowalczyk' });
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /role|permissions|password|account|worker/i })).toBeNull();
  });

  it('offers Enable account for a disabled account', async () => {
    getUserProfileMock.mockResolvedValue(
      profileAnswer({ account: { ...ACCOUNT, disabled: true }, status: 'disabled' }),
    );
    renderProfile('u-worker');
    expect(await screen.findByRole('button', { name: 'Enable account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable account' })).not.toBeInTheDocument();
  });

  it('shows a directory worker without an account, with Create account', async () => {
    getUserProfileMock.mockResolvedValue(noAccountAnswer());
    renderProfile('w-2001');
    expect(await screen.findByRole('heading', { name: 'Tomasz Zieliński' })).toBeInTheDocument();
    expect(fieldValue('Auth uid')).toBe('—');
    expect(fieldValue('E-mail verified')).toBe('—');
    expect(fieldValue('Last sign-in')).toBe('—');
    expect(fieldValue('Directory id')).toBe('w-2001');
    expect(fieldValue('Account status')).toBe('No account');
    expect(actionButtons()).toEqual(['Edit worker details', 'Create account']);
  });

  it('never offers account actions without an account, whatever allowed says', async () => {
    getUserProfileMock.mockResolvedValue(
      noAccountAnswer({
        allowed: {
          ...NOTHING_ALLOWED,
          editRole: true,
          resetPassword: true,
          setStatus: true,
          createAccount: true,
        },
      }),
    );
    renderProfile('w-2001');
    await screen.findByRole('heading', { name: 'Tomasz Zieliński' });
    expect(actionButtons()).toEqual(['Create account']);
  });

  it('says there is no directory entry and offers no worker editing', async () => {
    getUserProfileMock.mockResolvedValue(profileAnswer({ worker: null }));
    renderProfile('u-worker');
    await screen.findByRole('heading', { name: 'Piotr Kowalczyk' });
    const worker = screen.getByRole('region', { name: 'Worker profile' });
    expect(within(worker).getByText('No directory entry')).toBeInTheDocument();
    expect(within(worker).queryByRole('tab')).not.toBeInTheDocument();
    expect(fieldValue('Directory id')).toBe('—');
    expect(screen.queryByRole('button', { name: 'Edit worker details' })).not.toBeInTheDocument();
  });

  it('leaves out the account status without VIEW_USER_ACCOUNT_STATUS', async () => {
    getUserProfileMock.mockResolvedValue(profileAnswer({ status: null }));
    renderProfile('u-worker');
    await screen.findByRole('heading', { name: 'Piotr Kowalczyk' });
    expect(within(screen.getByRole('region', { name: 'Account' })).queryByText('Account status')).toBeNull();
    expect(screen.queryByText('Enabled')).not.toBeInTheDocument();
  });

  it('says the user was not found and links back to the list', async () => {
    getUserProfileMock.mockRejectedValue({
      code: 'functions/not-found',
      message: 'admin.errors.userNotFound',
    });
    renderProfile('nobody');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no account or directory entry with the id nobody/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the user list' }));
    expect(await screen.findByText('user list')).toBeInTheDocument();
  });

  it('says loading failed and loads again on Retry', async () => {
    getUserProfileMock.mockRejectedValueOnce({
      code: 'functions/internal',
      message: 'admin.errors.loadProfileFailed',
    });
    renderProfile('u-worker');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('admin.errors.loadProfileFailed'));
    expect(screen.queryByRole('heading', { name: 'User not found' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Piotr Kowalczyk' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(getUserProfileMock).toHaveBeenCalledTimes(2);
  });
});
