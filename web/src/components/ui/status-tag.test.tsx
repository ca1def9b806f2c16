import { TICKET_STATUSES } from '@domain';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { STATUS_COLORS, StatusTag } from './status-tag';

describe('StatusTag', () => {
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it.each([
    ['new', 'Nowe', 'status-tag--blue'],
    ['inProgress', 'W realizacji', 'status-tag--gold'],
    ['resolved', 'Rozwiązane', 'status-tag--green'],
    ['paid', 'Wypłacone', 'status-tag--green'],
    ['sent', 'Wysłane', 'status-tag--cyan'],
    ['noted', 'Przyjęte do wiadomości', 'status-tag--purple'],
    ['rejected', 'Odrzucone', 'status-tag--red'],
  ])('shows %s as "%s" in %s', (status, text, colorClass) => {
    render(<StatusTag status={status} />);
    const tag = screen.getByText(text);
    expect(tag).toHaveClass(`status-tag ${colorClass}`, { exact: true });
    expect(tag).toHaveAttribute('data-status', status);
  });

  it.each([
    ['archived', 'Zarchiwizowane', 'archived'],
    ['other', 'Inne', 'other'],
    ['unknown', 'Nieznany', 'unknown'],
    ['legacyClosed', 'Nieznany', 'unknown'],
    [undefined, 'Nieznany', 'unknown'],
  ])('shows %s in the default colour as "%s"', (status, text, known) => {
    render(<StatusTag status={status} />);
    const tag = screen.getByText(text);
    expect(tag).toHaveClass('status-tag status-tag--default', { exact: true });
    expect(tag).toHaveAttribute('data-status', known);
  });

  it('has a colour for every status and follows the language', async () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...TICKET_STATUSES].sort());
    await changeLanguage('ru');
    render(<StatusTag status="inProgress" />);
    expect(screen.getByText('В работе')).toHaveClass('status-tag--gold');
  });
});
