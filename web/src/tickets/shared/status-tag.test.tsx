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
    ['new', 'Nowe', 'ant-tag-blue'],
    ['inProgress', 'W realizacji', 'ant-tag-gold'],
    ['resolved', 'Rozwiązane', 'ant-tag-green'],
    ['paid', 'Wypłacone', 'ant-tag-green'],
    ['sent', 'Wysłane', 'ant-tag-cyan'],
    ['noted', 'Przyjęte do wiadomości', 'ant-tag-purple'],
    ['rejected', 'Odrzucone', 'ant-tag-red'],
  ])('shows %s as "%s" in %s', (status, text, colorClass) => {
    render(<StatusTag status={status} />);
    expect(screen.getByText(text)).toHaveClass('ant-tag', colorClass);
  });

  it.each([
    ['archived', 'Zarchiwizowane'],
    ['other', 'Inne'],
    ['unknown', 'Nieznany'],
    ['legacyClosed', 'Nieznany'],
    [undefined, 'Nieznany'],
  ])('shows %s in the default colour as "%s"', (status, text) => {
    render(<StatusTag status={status} />);
    expect(screen.getByText(text).className).not.toMatch(/ant-tag-(blue|gold|green|cyan|purple|red)/);
  });

  it('has a colour for every status and follows the language', async () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...TICKET_STATUSES].sort());
    await changeLanguage('ru');
    render(<StatusTag status="inProgress" />);
    expect(screen.getByText('В работе')).toBeInTheDocument();
  });
});
