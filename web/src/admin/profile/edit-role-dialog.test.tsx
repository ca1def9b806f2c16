import type { UpdateUserRoleResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import {
  ACCOUNT,
  ADMIN_ALLOWED,
  deferred,
  dialogButton,
  openDialog,
  profileAnswer,
  renderProfile,
} from './testing/profile-harness';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');
const updateUserRoleMock = callableMock('updateUserRole');
const UPDATED: UpdateUserRoleResponse = { uid: 'u-worker', role: 'foreman', previousRole: 'user' };

describe('EditRoleDialog', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(profileAnswer());
    updateUserRoleMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('offers the assignable roles with the current one marked, and says a new sign-in is needed', async () => {
    getUserProfileMock.mockResolvedValue(
      profileAnswer({ allowed: { ...ADMIN_ALLOWED, assignableRoles: ['user', 'foreman', 'manager'] } }),
    );
    renderProfile();
    const dialog = await openDialog('Edit role');
    expect(dialog).toHaveAccessibleName('Edit role: Piotr Kowalczyk');
    const select = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(select).toHaveValue('user');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Worker (current)', 'Foreman', 'Manager']);
    expect(dialog).toHaveTextContent('Piotr Kowalczyk is signed out and must sign in again');
    // Nothing to save until another role is chosen.
    expect(dialogButton(dialog, 'Save')).toBeDisabled();
  });

  it('saves the new role, closes and loads the profile again', async () => {
    updateUserRoleMock.mockResolvedValue(UPDATED);
    renderProfile();
    const dialog = await openDialog('Edit role');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'foreman');
    getUserProfileMock.mockResolvedValue(profileAnswer({ account: { ...ACCOUNT, role: 'foreman' } }));
    await userEvent.click(dialogButton(dialog, 'Save'));

    expect(updateUserRoleMock).toHaveBeenCalledExactlyOnceWith({ uid: 'u-worker', role: 'foreman' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Role updated.')).toBeInTheDocument();
    expect(getUserProfileMock).toHaveBeenCalledTimes(2);
    const header = screen.getByRole('heading', { name: 'Piotr Kowalczyk' }).closest('header') as HTMLElement;
    expect(await within(header).findByText('Foreman')).toBeInTheDocument();
  });

  it('keeps the dialog and the choice on a refusal and shows the reason there and in a notice', async () => {
    updateUserRoleMock.mockRejectedValue({
      code: 'functions/permission-denied',
      message: 'admin.errors.aboveOwnLevel',
    });
    renderProfile();
    const dialog = await openDialog('Edit role');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await userEvent.click(dialogButton(dialog, 'Save'));

    const reason = i18n.t('admin.errors.aboveOwnLevel');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    expect(getUserProfileMock).toHaveBeenCalledTimes(1);
  });

  it('sends once however often Save is clicked while saving', async () => {
    const pending = deferred<UpdateUserRoleResponse>();
    updateUserRoleMock.mockReturnValue(pending.promise);
    renderProfile();
    const dialog = await openDialog('Edit role');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'foreman');
    const save = dialogButton(dialog, 'Save');
    await userEvent.click(save);
    await userEvent.click(save);
    await userEvent.click(save);
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Updating the role of Piotr Kowalczyk…')).toBeInTheDocument();
    expect(dialogButton(dialog, 'Cancel')).toBeDisabled();
    pending.resolve(UPDATED);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateUserRoleMock).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel without sending anything', async () => {
    renderProfile();
    const dialog = await openDialog('Edit role');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'foreman');
    await userEvent.click(dialogButton(dialog, 'Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateUserRoleMock).not.toHaveBeenCalled();
  });
});
