import { ALL_PERMISSIONS, type SavePermissionsResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import { ACCOUNT, dialogButton, openDialog, profileAnswer, renderProfile } from './testing/profile-harness';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');
const saveMock = callableMock('saveUserPermissions');

/** A worker with PROCESS_TICKETS assigned and SUBMIT_CAR_TICKETS revoked. */
const ANSWER = profileAnswer({
  account: {
    ...ACCOUNT,
    assignedPermissions: ['PROCESS_TICKETS'],
    revokedPermissions: ['SUBMIT_CAR_TICKETS'],
  },
});

// Text and label queries: role queries over 72 radios are slow in jsdom. The first test checks
// that each row is a group named by its permission.
const row = (dialog: HTMLElement, name: string) =>
  within(dialog).getByText(name, { selector: 'legend' }).closest('fieldset') as HTMLElement;
const choice = (dialog: HTMLElement, permission: string, setting: 'Default' | 'Assigned' | 'Revoked') =>
  within(row(dialog, permission)).getByLabelText(setting);

describe('EditPermissionsDialog', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(ANSWER);
    saveMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows every flag with its role default, the user setting and the result', async () => {
    renderProfile();
    const dialog = await openDialog('Edit permissions');
    expect(dialog).toHaveAccessibleName('Permissions: Piotr Kowalczyk');
    expect(within(dialog).getAllByRole('group')).toHaveLength(ALL_PERMISSIONS.length);
    expect(within(dialog).getByRole('group', { name: 'Process tickets' })).toBe(
      row(dialog, 'Process tickets'),
    );
    expect(within(row(dialog, 'Process tickets')).getAllByRole('radio')).toHaveLength(3);

    // Assigned to a worker whose role does not grant it.
    const processTickets = row(dialog, 'Process tickets');
    expect(processTickets).toHaveTextContent('Not granted by role');
    expect(choice(dialog, 'Process tickets', 'Assigned')).toBeChecked();
    expect(processTickets).toHaveTextContent('Result: granted');

    // Revoked although the role grants it.
    const car = row(dialog, 'Submit car tickets');
    expect(car).toHaveTextContent('Granted by role');
    expect(choice(dialog, 'Submit car tickets', 'Revoked')).toBeChecked();
    expect(car).toHaveTextContent('Result: not granted');

    // Left to the role.
    expect(choice(dialog, 'Report bugs', 'Default')).toBeChecked();
    expect(row(dialog, 'Report bugs')).toHaveTextContent('Result: granted');
    expect(choice(dialog, 'Use debug tools', 'Default')).toBeChecked();
    expect(row(dialog, 'Use debug tools')).toHaveTextContent('Result: not granted');
    expect(dialogButton(dialog, 'Save')).toBeDisabled();
  });

  it('updates the result as a setting changes', async () => {
    renderProfile();
    const dialog = await openDialog('Edit permissions');
    await userEvent.click(choice(dialog, 'Process tickets', 'Default'));
    expect(row(dialog, 'Process tickets')).toHaveTextContent('Result: not granted');
    await userEvent.click(choice(dialog, 'Use debug tools', 'Assigned'));
    expect(row(dialog, 'Use debug tools')).toHaveTextContent('Result: granted');
    await userEvent.click(choice(dialog, 'Report bugs', 'Revoked'));
    expect(row(dialog, 'Report bugs')).toHaveTextContent('Result: not granted');
    expect(dialog).toHaveTextContent('3 unsaved changes');
  });

  it('saves the assigned and revoked lists the settings stand for, then loads the profile again', async () => {
    saveMock.mockResolvedValue({
      uid: 'u-worker',
      assignedPermissions: ['ACCESS_DEBUG_TOOLS'],
      revokedPermissions: ['SUBMIT_BUG_REPORT', 'SUBMIT_CAR_TICKETS'],
    } satisfies SavePermissionsResponse);
    renderProfile();
    const dialog = await openDialog('Edit permissions');
    await userEvent.click(choice(dialog, 'Process tickets', 'Default'));
    await userEvent.click(choice(dialog, 'Use debug tools', 'Assigned'));
    await userEvent.click(choice(dialog, 'Report bugs', 'Revoked'));
    await userEvent.click(dialogButton(dialog, 'Save'));

    expect(saveMock).toHaveBeenCalledExactlyOnceWith({
      uid: 'u-worker',
      assignedPermissions: ['ACCESS_DEBUG_TOOLS'],
      revokedPermissions: ['SUBMIT_BUG_REPORT', 'SUBMIT_CAR_TICKETS'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Permissions saved.')).toBeInTheDocument();
    expect(getUserProfileMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the dialog and every setting when the connection fails', async () => {
    saveMock.mockRejectedValue({ code: 'functions/unavailable', message: 'unavailable' });
    renderProfile();
    const dialog = await openDialog('Edit permissions');
    await userEvent.click(choice(dialog, 'Use debug tools', 'Assigned'));
    await userEvent.click(dialogButton(dialog, 'Save'));
    const text = 'No connection. Nothing was changed; try again when you have signal.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(choice(dialog, 'Use debug tools', 'Assigned')).toBeChecked();
    // The reason shows as the submit button leaves its loading state.
    await waitFor(() => expect(dialogButton(dialog, 'Save')).toBeEnabled());
    expect(getUserProfileMock).toHaveBeenCalledTimes(1);
  });
});
