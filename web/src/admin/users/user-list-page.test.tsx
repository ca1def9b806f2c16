import type { AdminUserRow, ListUsersInput, ListUsersResponse } from '@domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { type TestUserOptions, renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import { UserListPage } from './user-list-page';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

// The search waits 300 ms before asking; leave room for a busy machine.
configure({ asyncUtilTimeout: 3000 });

const listUsersMock = callableMock('listUsers');

const ROWS: AdminUserRow[] = [
  {
    key: 'u-worker',
    uid: 'u-worker',
    workerId: 'w-1001',
    name: 'Piotr Kowalczyk',
    email: 'worker@example.com',
    role: 'user',
    status: 'enabled',
    emailVerified: true,
    lastSignIn: '2026-03-14T09:30:00.000Z',
    createdAt: '2025-01-10T08:00:00.000Z',
  },
  {
    key: 'w-2001',
    uid: null,
    workerId: 'w-2001',
    name: 'Tomasz Zieliński',
    email: 'tomasz.zielinski@example.com',
    role: null,
    status: 'noAccount',
    emailVerified: null,
    lastSignIn: null,
    createdAt: null,
  },
  {
    key: 'u-foreman',
    uid: 'u-foreman',
    workerId: null,
    name: 'Marek Wiśniewski',
    email: 'foreman@example.com',
    role: 'foreman',
    status: 'disabled',
    emailVerified: false,
    lastSignIn: null,
    createdAt: '2025-02-01T08:00:00.000Z',
  },
];

function answer(overrides: Partial<ListUsersResponse> = {}): ListUsersResponse {
  return { rows: ROWS, total: ROWS.length, page: 0, pageSize: 25, ...overrides };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(options: TestUserOptions & { path?: string } = {}) {
  return renderSignedIn(
    <>
      <Routes>
        <Route path="/admin/users" element={<UserListPage />} />
        <Route path="/admin/profile/:userId" element={<p>profile page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { role: 'manager', uid: 'u-manager', path: '/admin/users', ...options },
  );
}

const currentUrl = () => screen.getByRole('status', { name: 'location' }).textContent;
const lastRequest = (): ListUsersInput | undefined => listUsersMock.mock.lastCall?.[0];
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('UserListPage', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    listUsersMock.mockReset();
    listUsersMock.mockResolvedValue(answer());
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('lists accounts and directory workers without an account, each linking to its profile', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'User management' })).toBeInTheDocument();
    expect(screen.getByText('Loading users…')).toBeInTheDocument();

    const worker = await screen.findByRole('link', { name: 'Piotr Kowalczyk' });
    expect(worker).toHaveAttribute('href', '/admin/profile/u-worker');
    expect(rowOf('Piotr Kowalczyk')).toHaveTextContent('worker@example.com');
    expect(within(rowOf('Piotr Kowalczyk')).getByText('Worker')).toBeInTheDocument();
    expect(within(rowOf('Piotr Kowalczyk')).getByText('Enabled')).toHaveClass('status-tag--green');
    expect(rowOf('Piotr Kowalczyk')).toHaveTextContent('14 Mar 2026');

    const noAccount = screen.getByRole('link', { name: 'Tomasz Zieliński' });
    expect(noAccount).toHaveAttribute('href', '/admin/profile/w-2001');
    expect(within(rowOf('Tomasz Zieliński')).getByText('No account')).toBeInTheDocument();
    // No account: no role and no sign-in, rather than "never signed in".
    expect(within(rowOf('Tomasz Zieliński')).queryByText('Never')).not.toBeInTheDocument();

    expect(within(rowOf('Marek Wiśniewski')).getByText('Disabled')).toHaveClass('status-tag--red');
    expect(within(rowOf('Marek Wiśniewski')).getByText('Never')).toBeInTheDocument();

    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(listUsersMock).toHaveBeenCalledTimes(1);
    expect(lastRequest()).toStrictEqual({ tab: 'all', search: '', page: 0, pageSize: 25 });
  });

  it('asks for the chosen role and status and keeps them in the URL', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Piotr Kowalczyk' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'foreman');
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({ tab: 'all', search: '', role: 'foreman', page: 0, pageSize: 25 }),
    );
    expect(currentUrl()).toBe('/admin/users?role=foreman');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account status' }), 'disabled');
    await waitFor(() => expect(lastRequest()).toMatchObject({ role: 'foreman', status: 'disabled' }));
    expect(currentUrl()).toBe('/admin/users?role=foreman&status=disabled');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), '');
    await waitFor(() => expect(lastRequest()).not.toHaveProperty('role'));
    expect(currentUrl()).toBe('/admin/users?status=disabled');
  });

  it('searches once typing pauses, not for every key', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Piotr Kowalczyk' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'kowal');
    await waitFor(() => expect(lastRequest()).toMatchObject({ search: 'kowal', page: 0 }));
    expect(currentUrl()).toBe('/admin/users?q=kowal');
    const searches = listUsersMock.mock.calls.map(([request]) => request.search);
    expect(searches).toEqual(['', 'kowal']);
  });

  it('starts from the tab, search, filters and page in the URL', async () => {
    listUsersMock.mockResolvedValue(answer({ total: 60, page: 1 }));
    renderPage({ path: '/admin/users?tab=workers&q=kowal&role=user&status=enabled&page=2' });
    await screen.findByRole('link', { name: 'Piotr Kowalczyk' });
    expect(lastRequest()).toStrictEqual({
      tab: 'workers',
      search: 'kowal',
      role: 'user',
      status: 'enabled',
      page: 1,
      pageSize: 25,
    });
    expect(screen.getByRole('tab', { name: 'Workers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All users' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('kowal');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('user');
    expect(screen.getByRole('combobox', { name: 'Account status' })).toHaveValue('enabled');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('switches to the workers tab from the first page, keeping the search', async () => {
    renderPage({ path: '/admin/users?q=anna&page=3' });
    await screen.findByRole('link', { name: 'Piotr Kowalczyk' });
    await userEvent.click(screen.getByRole('tab', { name: 'Workers' }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ tab: 'workers', search: 'anna', page: 0 }));
    expect(currentUrl()).toBe('/admin/users?tab=workers&q=anna');
    expect(screen.getByRole('tab', { name: 'Workers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('pages forward and back with the page in the URL', async () => {
    listUsersMock.mockImplementation((request) =>
      Promise.resolve(answer({ total: 60, page: request.page ?? 0 })),
    );
    renderPage({ path: '/admin/users?role=user' });
    await screen.findByText('Page 1 of 3');
    expect(screen.getByText('60 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(lastRequest()).toMatchObject({ role: 'user', page: 1 });
    expect(currentUrl()).toBe('/admin/users?role=user&page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 2 of 3');
    expect(lastRequest()).toMatchObject({ page: 1 });
  });

  it('says when loading failed and loads again on Retry', async () => {
    listUsersMock.mockRejectedValueOnce({
      code: 'functions/internal',
      message: 'admin.errors.loadUsersFailed',
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('admin.errors.loadUsersFailed'));
    expect(screen.queryByRole('link', { name: 'Piotr Kowalczyk' })).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Piotr Kowalczyk' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listUsersMock).toHaveBeenCalledTimes(2);
  });

  it('says so when there is no connection', async () => {
    listUsersMock.mockRejectedValueOnce({ code: 'functions/unavailable', message: 'unavailable' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection. Nothing was changed; try again when you have signal.',
    );
  });

  it('offers to clear the search and filters when nothing matches', async () => {
    listUsersMock.mockResolvedValue(answer({ rows: [], total: 0 }));
    renderPage({ path: '/admin/users?tab=workers&q=nobody&role=admin' });
    expect(await screen.findByText('No users match the search or filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/users?tab=workers'));
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({ tab: 'workers', search: '', page: 0, pageSize: 25 }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('says the list is empty without offering to clear anything', async () => {
    listUsersMock.mockResolvedValue(answer({ rows: [], total: 0 }));
    renderPage();
    expect(await screen.findByText('There are no users yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();
  });

  it('hides the status filter and column from a caller without VIEW_USER_ACCOUNT_STATUS', async () => {
    listUsersMock.mockResolvedValue(answer({ rows: ROWS.map((row) => ({ ...row, status: null })) }));
    renderPage({
      revokedPermissions: ['VIEW_USER_ACCOUNT_STATUS'],
      path: '/admin/users?status=disabled',
    });
    await screen.findByRole('link', { name: 'Piotr Kowalczyk' });
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Account status' })).not.toBeInTheDocument();
    // A status in the URL is not sent: the server would refuse it to this caller anyway.
    expect(lastRequest()).not.toHaveProperty('status');
    expect(rowOf('Piotr Kowalczyk')).not.toHaveTextContent('Status');
  });

  it('opens the profile from a row', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: 'Tomasz Zieliński' }));
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(currentUrl()).toBe('/admin/profile/w-2001');
  });
});
