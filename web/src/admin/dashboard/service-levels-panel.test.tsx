import { DEFAULT_SERVICE_LEVELS } from '@domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { setServiceLevels, useServiceLevels } from '../../lib/service-levels';
import { NoticesProvider } from '../../notices';
import { renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import { ServiceLevelsPanel } from './service-levels-panel';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const saveMock = callableMock('saveServiceLevels');

function renderPanel() {
  return renderSignedIn(
    <NoticesProvider>
      <ServiceLevelsPanel />
    </NoticesProvider>,
    { uid: 'u-admin', role: 'admin' },
  );
}

describe('ServiceLevelsPanel', () => {
  beforeEach(async () => {
    saveMock.mockReset();
    vi.mocked(setServiceLevels).mockReset();
    vi.mocked(useServiceLevels).mockReturnValue({
      ...DEFAULT_SERVICE_LEVELS,
      targets: { ...DEFAULT_SERVICE_LEVELS.targets, 'car/damage': 1 },
    });
    await changeLanguage('en');
  });

  it('shows the stored days per kind of ticket and saves the admin’s changes, keeping other targets', async () => {
    saveMock.mockImplementation((request) => Promise.resolve(request as never));
    renderPanel();
    const tools = screen.getByLabelText('Tools');
    expect(tools).toHaveValue(3);
    expect(screen.getByLabelText('Absences › Sick leave')).toHaveValue(1);
    await userEvent.clear(tools);
    await userEvent.type(tools, '5');
    await userEvent.selectOptions(screen.getByLabelText('Public holidays of'), 'none');
    await userEvent.type(screen.getByLabelText('Extra days off'), '2026-12-31{enter}2027-01-02');
    await userEvent.click(screen.getByRole('button', { name: 'Save answer times' }));
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    const request = saveMock.mock.calls[0]?.[0];
    expect(request).toMatchObject({
      country: 'none',
      extraHolidays: ['2026-12-31', '2027-01-02'],
      targets: { tools: 5, presalary: 2, 'absences/sickLeave': 1, 'car/damage': 1 },
    });
    expect(await screen.findByText('Answer times saved: new tickets use them from now on.')).toBeVisible();
    expect(vi.mocked(setServiceLevels)).toHaveBeenCalledWith(request);
  });

  it('shows the server’s field messages and keeps what was typed', async () => {
    saveMock.mockRejectedValue(
      Object.assign(new Error('Invalid service levels'), {
        code: 'functions/invalid-argument',
        details: { fields: { 'targets.tools': 'validation.invalid', 'extraHolidays.0': 'validation.date' } },
      }),
    );
    renderPanel();
    const tools = screen.getByLabelText('Tools');
    await userEvent.clear(tools);
    await userEvent.type(tools, '45');
    await userEvent.type(screen.getByLabelText('Extra days off'), '31.12.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save answer times' }));
    await waitFor(() => expect(tools).toHaveAttribute('aria-invalid', 'true'));
    expect(tools).toHaveValue(45);
    expect(screen.getByLabelText('Extra days off')).toHaveValue('31.12.2026');
    expect(vi.mocked(setServiceLevels)).not.toHaveBeenCalled();
  });
});
