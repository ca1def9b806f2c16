import type { AdminUserRow, TestPermissionResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { NoticesProvider } from '../../notices';
import { type TestUserOptions, renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import * as api from '../api/debug';
import { AdminDebugPage } from './admin-debug-page';

vi.mock('../api/debug', () => ({ readTokenClaims: vi.fn() }));
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const readTokenClaims = vi.mocked(api.readTokenClaims);
const listUsers = callableMock('listUsers');
const testPermission = callableMock('testPermission');
const testSecurityLog = callableMock('testSecurityLog');
const getBackendLogLevel = callableMock('getBackendLogLevel');
const setBackendLogLevel = callableMock('setBackendLogLevel');
/** A listUsers answer of the picker's search: these rows. */
const usersPage = (rows: AdminUserRow[]) => ({ rows, total: rows.length, page: 1, pageSize: 10 });

const AUTH_TIME = new Date('2026-03-14T08:30:00Z');
const ISSUED_AT = new Date('2026-03-14T09:00:00Z');
const EXPIRES_AT = new Date('2026-03-14T10:00:00Z');

function claims(overrides: Partial<api.TokenClaims> = {}): api.TokenClaims {
  return {
    roleClaim: 'admin',
    authTime: AUTH_TIME,
    issuedAt: ISSUED_AT,
    expiresAt: EXPIRES_AT,
    signInProvider: 'password',
    claims: { role: 'admin', sub: 'u-admin', firebase: { sign_in_provider: 'password' } },
    ...overrides,
  };
}

const failure = (code: string, message: string) =>
  Object.assign(new Error(message), { code: `functions/${code}` });

function row(overrides: Partial<AdminUserRow>): AdminUserRow {
  return {
    key: 'u-1',
    uid: 'u-1',
    workerId: null,
    name: 'Someone',
    email: 'someone@example.com',
    role: 'user',
    status: 'enabled',
    emailVerified: true,
    lastSignIn: null,
    createdAt: null,
    ...overrides,
  };
}

const WORKER_ROW = row({
  key: 'u-worker',
  uid: 'u-worker',
  name: 'Piotr Kowalczyk',
  email: 'worker@example.com',
});
const NO_ACCOUNT_ROW = row({
  key: 'w-77',
  uid: null,
  workerId: 'w-77',
  name: 'Olga Kowal',
  email: 'olga@example.com',
  role: null,
  status: 'noAccount',
});

function renderPage(options: TestUserOptions = {}) {
  return renderSignedIn(
    <NoticesProvider>
      <AdminDebugPage />
    </NoticesProvider>,
    {
      uid: 'u-admin',
      email: 'admin@example.com',
      name: 'Ada Admin',
      role: 'admin',
      path: '/admin/debug',
      ...options,
    },
  );
}

const section = (name: string) => screen.getByRole('region', { name });
/** The permissions table row of a flag. */
const permissionRow = (flag: string) => {
  const cell = within(screen.getByRole('table')).getByText(flag, { selector: 'code' });
  return cell.closest('tr') as HTMLElement;
};

describe('AdminDebugPage', () => {
  beforeEach(async () => {
    vi.resetAllMocks();
    readTokenClaims.mockResolvedValue(claims());
    getBackendLogLevel.mockResolvedValue({ level: 'error' });
    await changeLanguage('en');
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows the four tools under their headings', async () => {
    renderPage();
    for (const name of ['Security debug', 'Permission test', 'Test security log', 'Backend log level']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    await screen.findByLabelText('Log level');
  });

  describe('security debug', () => {
    it('lists every permission with its answer and source for a user with assigned and revoked flags', async () => {
      renderPage({
        role: 'foreman',
        assignedPermissions: ['VIEW_ALL_USER_DATA'],
        revokedPermissions: ['PROCESS_TICKETS'],
      });
      const table = screen.getByRole('table');
      // Header row + one row per permission.
      expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);

      const expectRow = (flag: string, answer: string, source: string) => {
        const cells = within(permissionRow(flag));
        expect(cells.getByText(answer)).toBeInTheDocument();
        expect(cells.getByText(source)).toBeInTheDocument();
      };
      expectRow('ACCESS_SPECIAL_CATEGORIES', 'Granted', 'Role default');
      expectRow('VIEW_ALL_USER_DATA', 'Granted', 'Assigned to this user');
      expectRow('PROCESS_TICKETS', 'Denied', 'Revoked for this user');
      expectRow('ACCESS_DEBUG_TOOLS', 'Denied', 'Not granted');
      expectRow('VIEW_OWN_DATA', 'Granted', 'Role default');
      // 11 for everyone + 2 for foremen - 1 revoked + 1 assigned.
      expect(screen.getByText('13 of 25 permissions granted')).toBeInTheDocument();
      await screen.findByText('admin (Administrator)');
    });

    it('shows the caller’s account and token claims', async () => {
      renderPage();
      const security = section('Security debug');
      expect(within(security).getByText('u-admin')).toBeInTheDocument();
      expect(within(security).getByText('admin@example.com')).toBeInTheDocument();
      expect(await within(security).findByText('admin (Administrator)')).toBeInTheDocument();
      const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
      expect(within(security).getByText(format.format(AUTH_TIME))).toBeInTheDocument();
      expect(within(security).getByText(format.format(ISSUED_AT))).toBeInTheDocument();
      expect(within(security).getByText(format.format(EXPIRES_AT))).toBeInTheDocument();
      expect(within(security).getByText('password')).toBeInTheDocument();
      expect(readTokenClaims).toHaveBeenCalledWith();
    });

    it('says when the token carries no role claim', async () => {
      readTokenClaims.mockResolvedValue(claims({ roleClaim: undefined }));
      renderPage();
      expect(await screen.findByText('none (counts as Worker)')).toBeInTheDocument();
    });

    it('forces a token refresh and shows the new claims', async () => {
      const user = userEvent.setup();
      renderPage();
      await screen.findByText('admin (Administrator)');
      readTokenClaims.mockResolvedValueOnce(claims({ roleClaim: 'manager_pl' }));
      await user.click(screen.getByRole('button', { name: 'Refresh token' }));
      expect(await screen.findByText('manager_pl (Manager PL)')).toBeInTheDocument();
      expect(readTokenClaims).toHaveBeenLastCalledWith(true);
      expect(screen.getByText(/^Token refreshed at/)).toBeInTheDocument();
    });

    it('keeps the last claims and says so when the refresh fails', async () => {
      const user = userEvent.setup();
      renderPage();
      await screen.findByText('admin (Administrator)');
      readTokenClaims.mockRejectedValueOnce(new Error('auth/network-request-failed'));
      await user.click(screen.getByRole('button', { name: 'Refresh token' }));
      expect(
        await screen.findByText('Failed to read the token. Check the connection and try again.'),
      ).toBeInTheDocument();
      expect(screen.getByText('admin (Administrator)')).toBeInTheDocument();
    });
  });

  describe('permission test', () => {
    async function pickWorker(user: ReturnType<typeof userEvent.setup>) {
      listUsers.mockResolvedValue(usersPage([WORKER_ROW, NO_ACCOUNT_ROW]));
      const tool = section('Permission test');
      await user.type(within(tool).getByRole('searchbox', { name: 'Search users' }), 'kow');
      await user.click(within(tool).getByRole('button', { name: 'Search' }));
      const results = await within(tool).findByRole('list', { name: 'Matching users' });
      await user.click(within(results).getByRole('button', { name: /Piotr Kowalczyk/ }));
    }

    it('searches users, refuses a worker without an account and picks one with an account', async () => {
      const user = userEvent.setup();
      listUsers.mockResolvedValue(usersPage([WORKER_ROW, NO_ACCOUNT_ROW]));
      renderPage();
      const tool = section('Permission test');
      await user.type(within(tool).getByRole('searchbox', { name: 'Search users' }), ' kow {Enter}');
      expect(listUsers).toHaveBeenCalledWith({ search: 'kow', pageSize: 10 });
      const results = await within(tool).findByRole('list', { name: 'Matching users' });
      const noAccount = within(results).getByRole('button', { name: /Olga Kowal/ });
      expect(noAccount).toBeDisabled();
      expect(noAccount).toHaveTextContent('no account');
      await user.click(within(results).getByRole('button', { name: /Piotr Kowalczyk/ }));
      expect(within(tool).getByText('Selected: Piotr Kowalczyk (worker@example.com)')).toBeInTheDocument();
      expect(within(tool).queryByRole('list', { name: 'Matching users' })).not.toBeInTheDocument();

      await user.click(within(tool).getByRole('button', { name: 'Change user' }));
      expect(within(tool).getByRole('searchbox', { name: 'Search users' })).toHaveValue(' kow ');
    });

    it('says when no user matches, and when the search fails', async () => {
      const user = userEvent.setup();
      listUsers.mockResolvedValueOnce(usersPage([]));
      listUsers.mockRejectedValueOnce(failure('internal', 'INTERNAL'));
      renderPage();
      const tool = section('Permission test');
      await user.type(within(tool).getByRole('searchbox', { name: 'Search users' }), 'nobody');
      await user.click(within(tool).getByRole('button', { name: 'Search' }));
      expect(await within(tool).findByText('No users match the search.')).toBeInTheDocument();
      await user.click(within(tool).getByRole('button', { name: 'Search' }));
      expect(await within(tool).findByText('Failed to load users.')).toBeInTheDocument();
      expect(within(tool).queryByText('No users match the search.')).not.toBeInTheDocument();
    });

    it('asks for a user and a permission before testing', async () => {
      const user = userEvent.setup();
      renderPage();
      const tool = section('Permission test');
      await user.click(within(tool).getByRole('button', { name: 'Test' }));
      const errors = within(tool).getAllByRole('alert');
      expect(errors.map((error) => error.textContent)).toEqual([
        'Pick a user with an account',
        'Choose a permission',
      ]);
      expect(within(tool).getByLabelText('Permission')).toHaveAttribute('aria-invalid', 'true');
      expect(within(tool).getByRole('searchbox', { name: 'Search users' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(testPermission).not.toHaveBeenCalled();
    });

    it('sends the picked user and permission and shows the answer and why', async () => {
      const user = userEvent.setup();
      const answer: TestPermissionResponse = {
        uid: 'u-worker',
        email: 'worker@example.com',
        role: 'foreman',
        permission: 'ACCESS_SPECIAL_CATEGORIES',
        granted: true,
        source: 'role',
        roleDefault: ['foreman', 'manager', 'manager_pl', 'admin'],
      };
      testPermission.mockResolvedValue(answer);
      renderPage();
      await pickWorker(user);
      const tool = section('Permission test');
      await user.selectOptions(within(tool).getByLabelText('Permission'), 'ACCESS_SPECIAL_CATEGORIES');
      await user.click(within(tool).getByRole('button', { name: 'Test' }));

      expect(testPermission).toHaveBeenCalledWith({
        uid: 'u-worker',
        permission: 'ACCESS_SPECIAL_CATEGORIES',
      });
      const result = await within(tool).findByText('ACCESS_SPECIAL_CATEGORIES for worker@example.com');
      const panel = within(result.closest('.admin-debug-result') as HTMLElement);
      expect(panel.getByText('Granted')).toBeInTheDocument();
      expect(panel.getByText('Role: Foreman')).toBeInTheDocument();
      expect(panel.getByText('Role default')).toBeInTheDocument();
      expect(panel.getByText('the role Foreman has it by default.', { exact: false })).toBeInTheDocument();
      expect(
        panel.getByText('Roles that have it by default: Foreman, Manager, Manager PL, Administrator'),
      ).toBeInTheDocument();
    });

    it('shows a denial by the revoked list, and clears the answer when the permission changes', async () => {
      const user = userEvent.setup();
      testPermission.mockResolvedValue({
        uid: 'u-worker',
        email: 'worker@example.com',
        role: 'manager',
        permission: 'PROCESS_TICKETS',
        granted: false,
        source: 'revoked',
        roleDefault: ['foreman', 'manager', 'manager_pl', 'admin'],
      });
      renderPage();
      await pickWorker(user);
      const tool = section('Permission test');
      const select = within(tool).getByLabelText('Permission');
      await user.selectOptions(select, 'PROCESS_TICKETS');
      await user.click(within(tool).getByRole('button', { name: 'Test' }));
      const result = await within(tool).findByText('PROCESS_TICKETS for worker@example.com');
      const panel = within(result.closest('.admin-debug-result') as HTMLElement);
      expect(panel.getByText('Denied')).toBeInTheDocument();
      expect(panel.getByText('Revoked for this user')).toBeInTheDocument();

      await user.selectOptions(select, 'VIEW_OWN_DATA');
      expect(within(tool).queryByText('PROCESS_TICKETS for worker@example.com')).not.toBeInTheDocument();
    });

    it('shows the server’s reason when the test fails and keeps the choices', async () => {
      const user = userEvent.setup();
      testPermission.mockRejectedValue(failure('not-found', 'admin.errors.userNotFound'));
      renderPage();
      await pickWorker(user);
      const tool = section('Permission test');
      await user.selectOptions(within(tool).getByLabelText('Permission'), 'PROCESS_TICKETS');
      await user.click(within(tool).getByRole('button', { name: 'Test' }));
      expect(await within(tool).findByText('This user account no longer exists.')).toBeInTheDocument();
      expect(within(tool).getByText('Selected: Piotr Kowalczyk (worker@example.com)')).toBeInTheDocument();
      expect(within(tool).getByLabelText('Permission')).toHaveValue('PROCESS_TICKETS');
    });
  });

  describe('test security log', () => {
    it('writes a test entry with the message and shows its id', async () => {
      const user = userEvent.setup();
      testSecurityLog.mockResolvedValue({ entryId: 'entry-42' });
      renderPage();
      const tool = section('Test security log');
      const message = within(tool).getByLabelText('Message (optional)');
      await user.type(message, 'after deploy');
      await user.click(within(tool).getByRole('button', { name: 'Write test entry' }));

      expect(testSecurityLog).toHaveBeenCalledWith({ message: 'after deploy' });
      expect(await screen.findByText('Test entry written to the security log.')).toBeInTheDocument();
      expect(
        within(tool).getByText(
          'Entry entry-42 written. Look for this ID in the security log and in the functions log.',
        ),
      ).toBeInTheDocument();
      expect(message).toHaveValue('');
    });

    it('keeps the message and shows the failure notice when the write fails', async () => {
      const user = userEvent.setup();
      testSecurityLog.mockRejectedValue(failure('internal', 'INTERNAL'));
      renderPage();
      const tool = section('Test security log');
      const message = within(tool).getByLabelText('Message (optional)');
      await user.type(message, 'after deploy');
      await user.click(within(tool).getByRole('button', { name: 'Write test entry' }));
      expect(await screen.findByText('Failed to write the security log entry.')).toBeInTheDocument();
      expect(message).toHaveValue('after deploy');
      expect(within(tool).queryByText(/^Entry /)).not.toBeInTheDocument();
    });
  });

  describe('backend log level', () => {
    it('loads the level, offers the levels in words and saves a new one', async () => {
      const user = userEvent.setup();
      setBackendLogLevel.mockResolvedValue({ level: 'debug' });
      renderPage();
      const tool = section('Backend log level');
      const select = await within(tool).findByLabelText('Log level');
      expect(select).toHaveValue('error');
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Errors only (default)', 'Warnings and errors', 'Info', 'Debug (everything)']);
      expect(within(tool).getByText('Saved level: Errors only (default)')).toBeInTheDocument();
      const save = within(tool).getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();

      await user.selectOptions(select, 'debug');
      await user.click(save);
      expect(setBackendLogLevel).toHaveBeenCalledWith({ level: 'debug' });
      expect(
        await screen.findByText('Log level saved. The functions use it within a minute.'),
      ).toBeInTheDocument();
      expect(within(tool).getByText('Saved level: Debug (everything)')).toBeInTheDocument();
      await waitFor(() => expect(within(tool).getByRole('button', { name: 'Save' })).toBeDisabled());
    });

    it('keeps the chosen level when saving fails', async () => {
      const user = userEvent.setup();
      setBackendLogLevel.mockRejectedValue(failure('internal', 'INTERNAL'));
      renderPage();
      const tool = section('Backend log level');
      const select = await within(tool).findByLabelText('Log level');
      await user.selectOptions(select, 'warn');
      await user.click(within(tool).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Failed to load or change the backend log level.')).toBeInTheDocument();
      expect(select).toHaveValue('warn');
      expect(within(tool).getByText('Saved level: Errors only (default)')).toBeInTheDocument();
      await waitFor(() => expect(within(tool).getByRole('button', { name: 'Save' })).toBeEnabled());
    });

    it('says when the level cannot be loaded and loads it on retry', async () => {
      const user = userEvent.setup();
      getBackendLogLevel.mockRejectedValueOnce(failure('unavailable', 'unavailable'));
      getBackendLogLevel.mockResolvedValueOnce({ level: 'info' });
      renderPage();
      const tool = section('Backend log level');
      expect(
        await within(tool).findByText('No connection. Nothing was changed; try again when you have signal.'),
      ).toBeInTheDocument();
      await user.click(within(tool).getByRole('button', { name: 'Try again' }));
      expect(await within(tool).findByLabelText('Log level')).toHaveValue('info');
    });

    it('falls back on the log level failure text when the server gives no reason', async () => {
      getBackendLogLevel.mockRejectedValue(new Error('boom'));
      renderPage();
      expect(
        await within(section('Backend log level')).findByText(
          'Failed to load or change the backend log level.',
        ),
      ).toBeInTheDocument();
    });
  });

  it('shows only the security debug to an admin whose debug permission is revoked', async () => {
    renderPage({ revokedPermissions: ['ACCESS_DEBUG_TOOLS'] });
    expect(screen.getByText(/lacks the ACCESS_DEBUG_TOOLS permission/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Security debug' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Permission test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Backend log level' })).not.toBeInTheDocument();
    expect(
      within(permissionRow('ACCESS_DEBUG_TOOLS')).getByText('Revoked for this user'),
    ).toBeInTheDocument();
    await screen.findByText('admin (Administrator)');
    expect(getBackendLogLevel).not.toHaveBeenCalled();
  });
});
