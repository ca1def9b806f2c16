import type { CreateAccountResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { callableMock } from '../../testing/fake-call';
import {
  NOTHING_ALLOWED,
  dialogButton,
  noAccountAnswer,
  openDialog,
  renderProfile,
} from './testing/profile-harness';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const getUserProfileMock = callableMock('getUserProfile');
const createAccountMock = callableMock('createAccount');
const LINK = 'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=new123&apiKey=fake';
/** The same code on this app's own action page (jsdom's origin). */
const APP_LINK = `${window.location.origin}/handle-auth-action?mode=resetPassword&oobCode=new123`;
const CREATED: CreateAccountResponse = {
  uid: 'u-new',
  email: 'tomasz.zielinski@example.com',
  role: 'user',
  link: LINK,
};

/** After creation the worker has an account and nothing to create any more. */
const WITH_ACCOUNT = noAccountAnswer({
  key: 'u-new',
  account: {
    uid: 'u-new',
    email: 'tomasz.zielinski@example.com',
    name: 'Tomasz Zieliński',
    role: 'user',
    emailVerified: false,
    disabled: false,
    lastSignIn: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    assignedPermissions: [],
    revokedPermissions: [],
  },
  status: 'enabled',
  allowed: { ...NOTHING_ALLOWED, editWorker: true },
});

describe('CreateAccountDialog', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    getUserProfileMock.mockReset();
    getUserProfileMock.mockResolvedValue(noAccountAnswer());
    createAccountMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('creates a regular account for the worker and shows the set-password link', async () => {
    createAccountMock.mockResolvedValue(CREATED);
    renderProfile('w-2001', { role: 'manager', uid: 'u-manager' });
    const dialog = await openDialog('Create account');
    expect(dialog).toHaveAccessibleName('Create account');
    expect(dialog).toHaveTextContent(
      'Create a sign-in account for Tomasz Zieliński (tomasz.zielinski@example.com).',
    );
    expect(dialog).toHaveTextContent('You can only create regular accounts. They get the Worker role.');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();

    getUserProfileMock.mockResolvedValue(WITH_ACCOUNT);
    await userEvent.click(dialogButton(dialog, 'Create account'));
    expect(createAccountMock).toHaveBeenCalledExactlyOnceWith({ workerId: 'w-2001', role: 'user' });
    expect(await within(dialog).findByRole('textbox', { name: 'Password link' })).toHaveValue(APP_LINK);
    expect(dialog).toHaveTextContent(
      'The account for tomasz.zielinski@example.com was created with the Worker role.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();

    // The profile loads again underneath: now an account, so no more Create account.
    await waitFor(() => expect(getUserProfileMock).toHaveBeenCalledTimes(2));
    const auth = within(screen.getByRole('region', { name: 'Account' }));
    expect(await auth.findByText('u-new')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
    await userEvent.click(dialogButton(dialog, 'Done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it.each([
    ['pl', 'Utwórz konto', 'Możesz tworzyć tylko zwykłe konta. Otrzymują one rolę „Pracownik”.'],
    ['en', 'Create account', 'You can only create regular accounts. They get the Worker role.'],
    [
      'ru',
      'Создать учётную запись',
      'Вы можете создавать только обычные учётные записи. Они получают роль «Работник».',
    ],
  ] as const)(
    'says in %s that a regular account gets the User role, shown as Worker',
    async (language, title, text) => {
      await changeLanguage(language);
      renderProfile('w-2001', { role: 'manager', uid: 'u-manager' });
      const dialog = await openDialog(title);
      expect(dialog).toHaveTextContent(text);
    },
  );

  it('lets a creator with CREATE_MANAGER_ACCOUNTS choose the role', async () => {
    getUserProfileMock.mockResolvedValue(
      noAccountAnswer({
        allowed: { ...NOTHING_ALLOWED, createAccount: true, creatableRoles: ['user', 'foreman', 'manager'] },
      }),
    );
    createAccountMock.mockResolvedValue({ ...CREATED, role: 'manager', link: null });
    renderProfile('w-2001');
    const dialog = await openDialog('Create account');
    const role = within(dialog).getByRole('combobox', { name: 'Role of the new account' });
    expect(role).toHaveValue('user');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Worker', 'Foreman', 'Manager']);
    await userEvent.selectOptions(role, 'manager');
    await userEvent.click(dialogButton(dialog, 'Create account'));
    expect(createAccountMock).toHaveBeenCalledExactlyOnceWith({ workerId: 'w-2001', role: 'manager' });
    expect(await within(dialog).findByText(/was created with the Manager role/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'The link to set a password goes to tomasz.zielinski@example.com by e-mail.',
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Password link' })).not.toBeInTheDocument();
  });

  it('keeps the dialog with the reason when the account exists already', async () => {
    createAccountMock.mockRejectedValue({
      code: 'functions/already-exists',
      message: 'admin.errors.accountExists',
    });
    renderProfile('w-2001', { role: 'manager', uid: 'u-manager' });
    const dialog = await openDialog('Create account');
    await userEvent.click(dialogButton(dialog, 'Create account'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(i18n.t('admin.errors.accountExists'));
    // The reason shows as the submit button leaves its loading state.
    await waitFor(() => expect(dialogButton(dialog, 'Create account')).toBeEnabled());
    expect(getUserProfileMock).toHaveBeenCalledTimes(1);
  });
});
