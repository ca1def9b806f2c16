import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('tells the user in Polish by default and links back to the profile', () => {
    expect(i18n.language).toBe('pl');
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nie znaleziono strony')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć do profilu' })).toHaveAttribute('href', '/profile');
  });
  it('follows the chosen language', async () => {
    await changeLanguage('en');
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    await changeLanguage('pl');
  });
});
