import type { WorkerProfile } from '@domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import { AuthContext } from '../lib/auth/auth-context';
import type { AuthState, EnrichedUser } from '../lib/auth/types';
import { ProfilePage } from './profile-page';

const inDays = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

const WORKER: WorkerProfile = {
  id: 'w-1001',
  name: 'Piotr Kowalczyk',
  email: 'worker@example.com',
  phone: '+48 500 100 201',
  location: 'Stockholm, Sweden',
  currentProject: 'Brf Sjöbris – 64 apartments',
  employeeId: 'EMP-1001',
  jobTitle: 'Carpenter',
  personalAddress: 'ul. Lipowa 12/4, 80-288 Gdańsk, Poland',
  pesel: '88031412355',
  ssn: '900-14-1001',
  taxNumber: '584-213-90-72',
  swedishPersonalNumber: '19880314-4172',
  bankAccount: 'PL32 1140 2004 0000 3102 7856 1234',
  siteName: 'Brf Sjöbris, Hammarby Sjöstad (block C)',
  siteAddress: 'Lugnets Allé 58, 120 66 Stockholm, Sweden',
  accommodationAddress: 'Sickla Kanalgata 8, lgh 1103, 131 34 Nacka, Sweden',
  rotationStart: '2025-03-14',
  rotationReturn: '2025-04-11',
  supervisorName: 'Marek Wiśniewski',
  supervisorPhone: '+46 70 174 06 12',
  ssgExpiry: inDays(-15),
  greenCardExpiry: inDays(20),
  // hotWorkPermitExpiry left out: "not provided"
  jacketSize: 'L',
  glovesSize: '10',
  pantsSize: 'C52',
  shoesSize: '43',
};

function renderPage(worker: WorkerProfile | null, role = 'user') {
  const user: EnrichedUser = {
    uid: 'uid-1',
    email: 'worker@example.com',
    name: 'Piotr Kowalczyk',
    role,
    isSetUp: true,
    profile: { name: 'Piotr Kowalczyk', assignedPermissions: [], revokedPermissions: [], worker },
    assignedPermissions: [],
    revokedPermissions: [],
  };
  const auth: AuthState = {
    user,
    rules: null,
    isLoading: false,
    isRestoredSignIn: false,
    signOut: () => Promise.resolve(),
  };
  return render(
    <AuthContext.Provider value={auth}>
      <ProfilePage />
    </AuthContext.Provider>,
  );
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('ProfilePage', () => {
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows the user name, e-mail and translated role in the header', () => {
    expect(i18n.language).toBe('pl');
    renderPage(WORKER, 'admin');
    expect(screen.getByRole('heading', { name: 'Piotr Kowalczyk' })).toBeInTheDocument();
    expect(screen.getAllByText('worker@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('shows personal details with every sensitive number masked', () => {
    renderPage(WORKER);
    expect(screen.getByText('Pracownik')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Dane osobowe' });
    expect(within(panel).getByText('EMP-1001')).toBeInTheDocument();
    expect(within(panel).getByText('Carpenter')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '+48 500 100 201' })).toHaveAttribute(
      'href',
      'tel:+48500100201',
    );
    expect(within(panel).getByText('•••••••2355')).toBeInTheDocument();
    expect(within(panel).getByText('••••••••1234')).toBeInTheDocument();
    expect(within(panel).queryByText('88031412355')).not.toBeInTheDocument();
    expect(within(panel).queryByText('19880314-4172')).not.toBeInTheDocument();
  });

  it.each([
    ['pl', 'Dane osobowe', 'Rola'],
    ['en', 'Personal details', 'Role'],
    ['ru', 'Личные данные', 'Должность'],
  ] as const)(
    "labels the worker's role field in %s as the product names it",
    async (language, tab, label) => {
      await changeLanguage(language);
      renderPage(WORKER);
      const panel = screen.getByRole('tabpanel', { name: tab });
      // A bordered antd Descriptions row: the label cell, then its value cell.
      expect(within(panel).getByText(label).closest('th')?.nextElementSibling).toHaveTextContent('Carpenter');
    },
  );

  it('reveals a PESEL on request and masks it again', async () => {
    renderPage(WORKER);
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż PESEL' }));
    expect(screen.getByText('88031412355')).toBeInTheDocument();
    // Revealing one number leaves the others hidden.
    expect(screen.queryByText('584-213-90-72')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ukryj PESEL' }));
    expect(screen.queryByText('88031412355')).not.toBeInTheDocument();
    expect(screen.getByText('•••••••2355')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokaż PESEL' })).toBeInTheDocument();
  });

  it('shows the work assignment with Polish dates and a callable supervisor', async () => {
    renderPage(WORKER);
    const panel = await openTab('Przydział pracy');
    expect(within(panel).getByText('Brf Sjöbris – 64 apartments')).toBeInTheDocument();
    expect(within(panel).getByText('Lugnets Allé 58, 120 66 Stockholm, Sweden')).toBeInTheDocument();
    expect(within(panel).getByText('Sickla Kanalgata 8, lgh 1103, 131 34 Nacka, Sweden')).toBeInTheDocument();
    expect(within(panel).getByText('14 marca 2025')).toBeInTheDocument();
    expect(within(panel).getByText('11 kwietnia 2025')).toBeInTheDocument();
    expect(within(panel).getByText('Marek Wiśniewski')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '+46 70 174 06 12' })).toHaveAttribute(
      'href',
      'tel:+46701740612',
    );
  });

  it('flags expired, expiring and missing certificates', async () => {
    renderPage(WORKER);
    const panel = await openTab('Uprawnienia');
    expect(within(panel).getByText('Karta SSG')).toBeInTheDocument();
    expect(within(panel).getByText('Wygasło')).toHaveClass('status-tag--red');
    expect(within(panel).getByText('Wygasa za 20 dni')).toHaveClass('status-tag--gold');
    expect(within(panel).getByText('Nie podano')).toBeInTheDocument();
  });

  it('shows workwear sizes and a dash for an empty one', async () => {
    renderPage({ ...WORKER, shoesSize: undefined });
    const panel = await openTab('Odzież robocza');
    for (const size of ['L', '10', 'C52']) expect(within(panel).getByText(size)).toBeInTheDocument();
    expect(within(panel).getByText('—')).toBeInTheDocument();
  });

  it('explains a missing worker profile but keeps Settings working', async () => {
    renderPage(null);
    const message = 'Do Twojego konta nie jest przypisany profil pracownika. Skontaktuj się z biurem.';
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(within(await openTab('Uprawnienia')).getByText(message)).toBeInTheDocument();
    const settings = await openTab('Ustawienia');
    expect(within(settings).getByRole('radio', { name: 'English' })).toBeInTheDocument();
  });

  it('switches the language from Settings and remembers it', async () => {
    renderPage(WORKER);
    const settings = await openTab('Ustawienia');
    expect(within(settings).getByRole('radio', { name: 'Polski' })).toBeChecked();
    // antd draws its own radio button; the user clicks its visible text, not the hidden input.
    await userEvent.click(within(settings).getByText('English'));
    expect(await screen.findByRole('tab', { name: 'Personal details' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText('Worker')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(within(settings).getByRole('radio', { name: 'English' })).toBeChecked();
  });
});
