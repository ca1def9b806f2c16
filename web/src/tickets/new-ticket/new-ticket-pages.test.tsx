import { screen, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { NoticesProvider } from '../../notices';
import { type TestUserOptions, renderSignedIn } from '../../testing/auth';
import type { CategoryForm } from './category-form';
import { TextField } from './fields';
import { CategorySelectPage, NewTicketFormPage, SubcategorySelectPage } from './new-ticket-pages';

// The form chunks are loaded lazily; here every category gets the same one-field form.
vi.mock('./forms', () => ({
  loadCategoryForm: (category: string): Promise<CategoryForm> =>
    Promise.resolve({
      defaultValues: () => ({}),
      Fields: () => <TextField name="probe" label={`Pola kategorii ${category}`} />,
    }),
}));

function renderAt(path: string, user: TestUserOptions = {}) {
  return renderSignedIn(
    <NoticesProvider>
      <Routes>
        <Route path="/new-ticket" element={<CategorySelectPage />} />
        <Route path="/new-ticket/:category" element={<SubcategorySelectPage />} />
        <Route path="/new-ticket/:category/:subcategory" element={<NewTicketFormPage />} />
      </Routes>
    </NoticesProvider>,
    { ...user, path },
  );
}

const tileNames = () =>
  within(screen.getByRole('navigation', { name: 'Kategorie zgłoszeń' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('new-ticket selectors', () => {
  it('offers a worker the seven ordinary categories, not tools and car', () => {
    renderAt('/new-ticket');
    expect(tileNames()).toEqual([
      'Zaliczka',
      'Nieobecności',
      'Odzież robocza',
      'Paragony i rachunki',
      'Zakwaterowanie',
      'Wynagrodzenie',
      'Godziny pracy',
    ]);
    expect(screen.getByRole('link', { name: 'Zaliczka' })).toHaveAttribute('href', '/new-ticket/presalary');
  });

  it('offers a foreman the special categories too', () => {
    renderAt('/new-ticket', { role: 'foreman' });
    expect(tileNames()).toContain('Narzędzia');
    expect(tileNames()).toContain('Samochód');
    expect(tileNames()).toHaveLength(9);
  });

  it('does not offer presalary to a worker whose permission is revoked', () => {
    renderAt('/new-ticket', { revokedPermissions: ['SUBMIT_PRESALARY_TICKETS'] });
    expect(tileNames()).not.toContain('Zaliczka');
    expect(tileNames()).toHaveLength(6);
  });

  it('offers tools to a worker who was given ACCESS_SPECIAL_CATEGORIES', () => {
    renderAt('/new-ticket', { assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'] });
    expect(tileNames()).toContain('Narzędzia');
  });

  it('lists the subcategories of a category', () => {
    renderAt('/new-ticket/absences');
    const links = within(screen.getByRole('navigation', { name: 'Podkategorie' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Zwolnienie lekarskie',
      'Urlop wypoczynkowy',
      'Urlop bezpłatny',
      'Sprawy osobiste',
    ]);
    expect(links[0]).toHaveAttribute('href', '/new-ticket/absences/sickLeave');
  });

  it('shows not-found for an unknown category or subcategory', async () => {
    renderAt('/new-ticket/holidays');
    expect(await screen.findByText('Nie znaleziono strony')).toBeInTheDocument();
  });

  it('shows not-found for an unknown subcategory', async () => {
    renderAt('/new-ticket/absences/picnic');
    expect(await screen.findByText('Nie znaleziono strony')).toBeInTheDocument();
  });

  it('refuses a category the user may not file, at every level', () => {
    renderAt('/new-ticket/tools/order');
    expect(screen.getByRole('heading', { name: 'Niedostępne dla Ciebie' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wszystkie kategorie' })).toHaveAttribute('href', '/new-ticket');
    expect(screen.queryByLabelText(/Pola kategorii/)).not.toBeInTheDocument();
  });

  it('shows the category form with its title for an allowed subcategory', async () => {
    renderAt('/new-ticket/car/damage', { role: 'foreman' });
    expect(await screen.findByLabelText('Pola kategorii car')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Samochód/ })).toHaveTextContent('Uszkodzenie');
    expect(screen.getByRole('button', { name: 'Wyślij zgłoszenie' })).toBeInTheDocument();
  });
});
