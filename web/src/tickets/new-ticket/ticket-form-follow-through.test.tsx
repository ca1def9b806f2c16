import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { findOpenDuplicate } from '../api/follow-through';
import { useServiceLevels } from '../../lib/service-levels';
import { renderCarForm as renderForm, submitTicket, uploadTicketFile } from './testing/car-form-fixture';
import { DEFAULT_SERVICE_LEVELS } from '@domain';

// Before "Submit": when an answer usually comes, and a warning with "Send anyway?" when the worker
// already has an open ticket of the same kind. The reads are faked (web/src/testing/setup.ts).

vi.mock('../api/submit-ticket', async (importOriginal) =>
  (await import('./testing/submit-ticket-mock')).mockSubmitTicketApi(importOriginal),
);
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

async function fillValid() {
  await userEvent.type(screen.getByLabelText(/Numer rejestracyjny/), 'po 5tx21');
  await userEvent.type(screen.getByLabelText(/Opis/), 'Dented bumper at the gate');
}

const OPEN_CAR = {
  id: 't-open',
  number: 'T-2611-4821',
  category: 'car',
  subcategory: 'damage',
  status: 'inProgress',
  period: null,
};

describe('TicketForm: follow-through', () => {
  beforeEach(() => {
    submitTicket.mockReset();
    uploadTicketFile.mockReset();
    submitTicket.mockResolvedValue({ ticketId: 'abc', number: 'T-0026', isDuplicate: false });
    vi.mocked(findOpenDuplicate).mockReset().mockResolvedValue(null);
    vi.mocked(useServiceLevels).mockReturnValue(DEFAULT_SERVICE_LEVELS);
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('says how long an answer usually takes, from the service levels, in the reader’s language', async () => {
    renderForm();
    expect(screen.getByText('Zwykle odpowiadamy w ciągu 3 dni roboczych')).toBeInTheDocument();
    await changeLanguage('en');
    expect(await screen.findByText('Usually answered within 3 working days')).toBeInTheDocument();
    vi.mocked(useServiceLevels).mockReturnValue({ ...DEFAULT_SERVICE_LEVELS, targets: { car: 1 } });
    await changeLanguage('ru');
    expect(await screen.findByText('Обычно отвечаем в течение 1 рабочего дня')).toBeInTheDocument();
  });

  it('warns of an open ticket of the same kind, links it, and sends only on “Send anyway”', async () => {
    vi.mocked(findOpenDuplicate).mockResolvedValue(OPEN_CAR);
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Masz już otwarte zgłoszenie tego rodzaju (W realizacji):');
    expect(within(warning).getByRole('link', { name: 'otwórz T-2611-4821' })).toHaveAttribute(
      'href',
      '/ticket/t-open',
    );
    expect(warning).toHaveTextContent('Wysłać mimo to?');
    expect(vi.mocked(findOpenDuplicate)).toHaveBeenCalledWith('u-foreman', {
      category: 'car',
      subcategory: 'damage',
      period: null,
    });
    expect(submitTicket).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Opis/)).toHaveValue('Dented bumper at the gate');

    await userEvent.click(within(warning).getByRole('button', { name: 'Wyślij mimo to' }));
    expect(await screen.findByText('Zgłoszenie T-0026 wysłane')).toBeInTheDocument();
    expect(submitTicket).toHaveBeenCalledTimes(1);
  });

  it('sends at once when no open ticket of the same kind is found', async () => {
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Zgłoszenie T-0026 wysłane')).toBeInTheDocument();
    expect(screen.queryByText('Wysłać mimo to?')).not.toBeInTheDocument();
  });
});
