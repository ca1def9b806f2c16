import type { UpdateWorkerResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { getUserProfile, updateWorker } from '../api/users';
import { WORKER, dialogButton, openDialog, profileAnswer, renderProfile } from './testing/profile-harness';
import { ALL_WORKER_FIELDS } from './worker-form';

vi.mock('../api/users', () => ({ getUserProfile: vi.fn(), updateWorker: vi.fn() }));

const getUserProfileMock = vi.mocked(getUserProfile);
const updateWorkerMock = vi.mocked(updateWorker);
const SAVED: UpdateWorkerResponse = { worker: WORKER };

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('WorkerDetailsDialog', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(profileAnswer());
    updateWorkerMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows every directory field but the id and e-mail, filled in from the directory', async () => {
    renderProfile();
    const dialog = await openDialog('Edit worker details');
    expect(dialog).toHaveAccessibleName('Worker details: Piotr Kowalczyk');
    const inputs = dialog.querySelectorAll('form input:not([type="submit"])');
    expect(inputs).toHaveLength(ALL_WORKER_FIELDS.length);
    expect(ALL_WORKER_FIELDS).not.toContain('id');
    expect(ALL_WORKER_FIELDS).not.toContain('email');
    expect(field(dialog, 'Name')).toHaveValue('Piotr Kowalczyk');
    expect(field(dialog, 'Phone')).toHaveValue('+48 500 100 201');
    expect(field(dialog, 'PESEL')).toHaveValue('88031412355');
    expect(field(dialog, 'Rotation start')).toHaveAttribute('type', 'date');
    expect(field(dialog, 'Rotation start')).toHaveValue('2025-03-14');
    expect(field(dialog, 'SSG card valid until')).toHaveValue('2027-01-31');
    expect(field(dialog, 'Site')).toHaveValue('');
    expect(field(dialog, 'Jacket')).toHaveValue('L');
    expect(dialogButton(dialog, 'Save')).toBeDisabled();
  });

  it('sends only the changed fields, then closes and loads the profile again', async () => {
    updateWorkerMock.mockResolvedValue(SAVED);
    renderProfile();
    const dialog = await openDialog('Edit worker details');
    await userEvent.clear(field(dialog, 'Phone'));
    await userEvent.type(field(dialog, 'Phone'), '+48 600 000 000');
    await userEvent.type(field(dialog, 'Site'), 'Block C');
    await userEvent.clear(field(dialog, 'Role'));
    await userEvent.type(field(dialog, 'Rotation return'), '2025-04-11');
    await userEvent.click(dialogButton(dialog, 'Save'));

    await waitFor(() => expect(updateWorkerMock).toHaveBeenCalledTimes(1));
    expect(updateWorkerMock).toHaveBeenCalledWith({
      workerId: 'w-1001',
      changes: { phone: '+48 600 000 000', siteName: 'Block C', jobTitle: '', rotationReturn: '2025-04-11' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Worker details saved.')).toBeInTheDocument();
    expect(getUserProfileMock).toHaveBeenCalledTimes(2);
  });

  it('checks the fields with the shared schema before sending', async () => {
    renderProfile();
    const dialog = await openDialog('Edit worker details');
    await userEvent.clear(field(dialog, 'Name'));
    await userEvent.clear(field(dialog, 'Rotation start'));
    await userEvent.click(dialogButton(dialog, 'Save'));

    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(field(dialog, 'Name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Please enter a valid date')).toBeInTheDocument();
    expect(field(dialog, 'Rotation start')).toHaveAttribute('aria-invalid', 'true');
    // Over-long text cannot be typed: each box stops at the schema's limit.
    expect(field(dialog, 'Phone')).toHaveAttribute('maxlength', '40');
    expect(updateWorkerMock).not.toHaveBeenCalled();
  });

  it('puts the server field messages on the fields and keeps everything typed', async () => {
    updateWorkerMock.mockRejectedValue({
      code: 'functions/invalid-argument',
      message: 'Invalid worker update',
      details: {
        fields: { 'changes.pesel': 'validation.maxChars:11', 'changes.siteName': 'validation.invalid' },
      },
    });
    renderProfile();
    const dialog = await openDialog('Edit worker details');
    await userEvent.type(field(dialog, 'Site'), 'Block C');
    await userEvent.clear(field(dialog, 'PESEL'));
    await userEvent.type(field(dialog, 'PESEL'), '8803141235');
    await userEvent.click(dialogButton(dialog, 'Save'));

    expect(await within(dialog).findByText('Maximum 11 characters allowed')).toBeInTheDocument();
    expect(field(dialog, 'PESEL')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('This value is not valid')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent(
      i18n.t('admin.errors.updateWorkerFailed'),
    );
    expect(field(dialog, 'Site')).toHaveValue('Block C');
    expect(field(dialog, 'PESEL')).toHaveValue('8803141235');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(getUserProfileMock).toHaveBeenCalledTimes(1);
  });
});
