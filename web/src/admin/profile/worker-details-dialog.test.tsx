import type { GetUserProfileResponse, UpdateWorkerResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import { WORKER, dialogButton, openDialog, profileAnswer, renderProfile } from './testing/profile-harness';
import { ALL_WORKER_FIELDS } from './worker-form';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');
const updateWorkerMock = callableMock('updateWorker');
const SAVED: UpdateWorkerResponse = { worker: WORKER };
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** The work board's status (Role, Jacket) and dropdown (Site) labels. */
const BOARD_LABELS: GetUserProfileResponse['workerFieldLabels'] = {
  jobTitle: { labels: ['Carpenter', 'Welder', 'Electrician'], multiple: false },
  siteName: { labels: ['Block A', 'Block B', 'Block C'], multiple: true },
  // The worker's jacket size (L) is no longer on the board.
  jacketSize: { labels: ['S', 'M', 'XL'], multiple: false },
  // A column without labels stays free text.
  phone: { labels: [], multiple: false },
};

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const sentRequest = (call: number) => updateWorkerMock.mock.calls[call]?.[0];

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
      requestId: expect.stringMatching(REQUEST_ID) as string,
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

  it('sends one requestId per dialog, the same when Save is pressed again after a failure', async () => {
    updateWorkerMock
      .mockRejectedValueOnce({ code: 'functions/unavailable', message: 'admin.errors.boardUnavailable' })
      .mockResolvedValueOnce(SAVED);
    renderProfile();
    const dialog = await openDialog('Edit worker details');
    await userEvent.type(field(dialog, 'Site'), 'Block C');
    await userEvent.click(dialogButton(dialog, 'Save'));
    expect(await within(dialog).findByText(/cannot be reached right now/)).toBeInTheDocument();
    await userEvent.click(dialogButton(dialog, 'Save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateWorkerMock).toHaveBeenCalledTimes(2);
    expect(sentRequest(0)?.requestId).toMatch(REQUEST_ID);
    expect(sentRequest(1)).toEqual(sentRequest(0));

    // A new dialog is a new request.
    const next = await openDialog('Edit worker details');
    await userEvent.type(field(next, 'Site'), 'Block D');
    await userEvent.click(dialogButton(next, 'Save'));
    await waitFor(() => expect(updateWorkerMock).toHaveBeenCalledTimes(3));
    expect(sentRequest(2)?.requestId).toMatch(REQUEST_ID);
    expect(sentRequest(2)?.requestId).not.toBe(sentRequest(0)?.requestId);
  });

  it('says until when the work board is over its request limit, in the dialog and the notice', async () => {
    const retryAt = '2026-03-15T14:30:00.000Z';
    updateWorkerMock.mockRejectedValue({
      code: 'functions/unavailable',
      message: 'admin.errors.boardLimited',
      details: { retryAt },
    });
    renderProfile();
    const dialog = await openDialog('Edit worker details');
    await userEvent.type(field(dialog, 'Site'), 'Block C');
    await userEvent.click(dialogButton(dialog, 'Save'));

    const time = new Intl.DateTimeFormat('en', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(Date.parse(retryAt));
    const text =
      'The work board (monday.com) has reached its request limit, so nothing was saved. ' +
      `Your changes are still in the form: try again after ${time}.`;
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(await screen.findAllByText(text)).toHaveLength(2);
    expect(field(dialog, 'Site')).toHaveValue('Block C');
  });

  describe("with the work board's labels", () => {
    beforeEach(() => {
      getUserProfileMock.mockResolvedValue(profileAnswer({ workerFieldLabels: BOARD_LABELS }));
    });

    it('offers the labels of a status column and sends the one chosen', async () => {
      updateWorkerMock.mockResolvedValue(SAVED);
      renderProfile();
      const dialog = await openDialog('Edit worker details');
      const role = field(dialog, 'Role');
      expect(role.tagName).toBe('SELECT');
      expect(optionsOf(role)).toEqual(['— none —', 'Carpenter', 'Welder', 'Electrician']);
      expect(role).toHaveValue('Carpenter');
      // The worker's value the board no longer has stays, so saving does not drop it.
      expect(optionsOf(field(dialog, 'Jacket'))).toEqual(['— none —', 'S', 'M', 'XL', 'L']);
      expect(field(dialog, 'Jacket')).toHaveValue('L');
      expect(field(dialog, 'Phone').tagName).toBe('INPUT');

      await userEvent.selectOptions(role, 'Welder');
      await userEvent.click(dialogButton(dialog, 'Save'));

      await waitFor(() => expect(updateWorkerMock).toHaveBeenCalledTimes(1));
      expect(updateWorkerMock).toHaveBeenCalledWith({
        requestId: expect.stringMatching(REQUEST_ID) as string,
        workerId: 'w-1001',
        changes: { jobTitle: 'Welder' },
      });
    });

    it('clears a status field with the empty choice', async () => {
      updateWorkerMock.mockResolvedValue(SAVED);
      renderProfile();
      const dialog = await openDialog('Edit worker details');
      await userEvent.selectOptions(field(dialog, 'Jacket'), '— none —');
      await userEvent.click(dialogButton(dialog, 'Save'));

      await waitFor(() => expect(updateWorkerMock).toHaveBeenCalledTimes(1));
      expect(sentRequest(0)?.changes).toEqual({ jacketSize: '' });
    });

    it('offers a dropdown column as checkboxes and sends the ticked labels as "A, B"', async () => {
      updateWorkerMock.mockResolvedValue(SAVED);
      renderProfile();
      const dialog = await openDialog('Edit worker details');
      const site = within(dialog).getByRole('group', { name: 'Site' });
      const boxes = within(site).getAllByRole('checkbox');
      expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
        'Block A',
        'Block B',
        'Block C',
      ]);
      expect(boxes.some((box) => (box as HTMLInputElement).checked)).toBe(false);

      await userEvent.click(within(site).getByRole('checkbox', { name: 'Block C' }));
      await userEvent.click(within(site).getByRole('checkbox', { name: 'Block A' }));
      expect(within(site).getByRole('checkbox', { name: 'Block A' })).toBeChecked();
      await userEvent.click(dialogButton(dialog, 'Save'));

      await waitFor(() => expect(updateWorkerMock).toHaveBeenCalledTimes(1));
      expect(sentRequest(0)?.changes).toEqual({ siteName: 'Block A, Block C' });
    });

    it("keeps a dropdown's labels the board no longer has, and counts ticking back as no change", async () => {
      getUserProfileMock.mockResolvedValue(
        profileAnswer({
          worker: { ...WORKER, siteName: 'Block B, Old site' },
          workerFieldLabels: BOARD_LABELS,
        }),
      );
      updateWorkerMock.mockResolvedValue(SAVED);
      renderProfile();
      const dialog = await openDialog('Edit worker details');
      const site = within(dialog).getByRole('group', { name: 'Site' });
      const checked = within(site)
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.closest('label')?.textContent);
      expect(checked).toEqual(['Block B', 'Old site']);

      await userEvent.click(within(site).getByRole('checkbox', { name: 'Block B' }));
      expect(dialogButton(dialog, 'Save')).toBeEnabled();
      await userEvent.click(within(site).getByRole('checkbox', { name: 'Block B' }));
      expect(dialogButton(dialog, 'Save')).toBeDisabled();

      await userEvent.click(within(site).getByRole('checkbox', { name: 'Old site' }));
      await userEvent.click(dialogButton(dialog, 'Save'));
      await waitFor(() => expect(updateWorkerMock).toHaveBeenCalledTimes(1));
      expect(sentRequest(0)?.changes).toEqual({ siteName: 'Block B' });
    });

    it("shows the board's refusal of a value under its field", async () => {
      updateWorkerMock.mockRejectedValue({
        code: 'functions/invalid-argument',
        message: 'Invalid worker update',
        details: {
          fields: {
            'changes.jobTitle': 'admin.errors.unknownLabel',
            'changes.siteName': 'admin.errors.unknownLabel',
          },
        },
      });
      renderProfile();
      const dialog = await openDialog('Edit worker details');
      await userEvent.selectOptions(field(dialog, 'Role'), 'Electrician');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Block B' }));
      await userEvent.click(dialogButton(dialog, 'Save'));

      const errors = await within(dialog).findAllByText("Choose one of the work board's values.");
      expect(errors).toHaveLength(2);
      expect(field(dialog, 'Role')).toHaveAttribute('aria-invalid', 'true');
      expect(field(dialog, 'Role')).toHaveAccessibleDescription("Choose one of the work board's values.");
      expect(within(dialog).getByRole('group', { name: 'Site' })).toHaveAccessibleDescription(
        "Choose one of the work board's values.",
      );
      expect(field(dialog, 'Role')).toHaveValue('Electrician');
      expect(within(dialog).getByRole('checkbox', { name: 'Block B' })).toBeChecked();
    });
  });
});
