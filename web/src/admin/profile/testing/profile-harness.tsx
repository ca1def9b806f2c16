import type { AdminAccount, AdminAllowedActions, GetUserProfileResponse, WorkerProfile } from '@domain';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../../lib/router';
import { NoticesProvider } from '../../../notices';
import { type TestUserOptions, renderSignedIn } from '../../../testing/auth';
import { AdminProfilePage } from '../admin-profile-page';

/*
 * Fixtures and a render helper for the admin profile page and its dialogs (component tests only;
 * each test file mocks lib/call itself: testing/fake-call.ts).
 */

// antd's dialog and tabs render slowly in jsdom on a busy machine; a second is not always enough.
configure({ asyncUtilTimeout: 5000 });

export const WORKER: WorkerProfile = {
  id: 'w-1001',
  name: 'Piotr Kowalczyk',
  email: 'worker@example.com',
  phone: '+48 500 100 201',
  location: 'Stockholm, Sweden',
  employeeId: 'EMP-1001',
  jobTitle: 'Carpenter',
  pesel: '88031412355',
  rotationStart: '2025-03-14',
  ssgExpiry: '2027-01-31',
  jacketSize: 'L',
};

export const ACCOUNT: AdminAccount = {
  uid: 'u-worker',
  email: 'worker@example.com',
  name: 'Piotr Kowalczyk',
  role: 'user',
  emailVerified: true,
  disabled: false,
  lastSignIn: '2026-03-14T09:30:00.000Z',
  createdAt: '2025-01-10T08:00:00.000Z',
  assignedPermissions: [],
  revokedPermissions: [],
};

export const NOTHING_ALLOWED: AdminAllowedActions = {
  editRole: false,
  assignableRoles: [],
  editPermissions: false,
  resetPassword: false,
  setStatus: false,
  editWorker: false,
  createAccount: false,
  creatableRoles: ['user'],
};

export const ADMIN_ALLOWED: AdminAllowedActions = {
  editRole: true,
  assignableRoles: ['user', 'foreman', 'manager', 'manager_pl', 'admin'],
  editPermissions: true,
  resetPassword: true,
  setStatus: true,
  editWorker: true,
  createAccount: false,
  creatableRoles: ['user', 'foreman', 'manager'],
};

/** A getUserProfile answer: the worker with an account, everything an admin may do. */
export function profileAnswer(overrides: Partial<GetUserProfileResponse> = {}): GetUserProfileResponse {
  return {
    key: 'u-worker',
    account: ACCOUNT,
    worker: WORKER,
    status: 'enabled',
    allowed: ADMIN_ALLOWED,
    workerDataAsOf: null,
    workerFieldLabels: null,
    ...overrides,
  };
}

/** The directory worker w-2001 without an account, as a manager sees them. */
export function noAccountAnswer(overrides: Partial<GetUserProfileResponse> = {}): GetUserProfileResponse {
  return {
    key: 'w-2001',
    account: null,
    worker: { id: 'w-2001', name: 'Tomasz Zieliński', email: 'tomasz.zielinski@example.com' },
    status: 'noAccount',
    allowed: { ...NOTHING_ALLOWED, createAccount: true, editWorker: true, creatableRoles: ['user'] },
    workerDataAsOf: null,
    workerFieldLabels: null,
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders /admin/profile/{userId} for a signed-in caller (an admin unless told otherwise). */
export function renderProfile(userId = 'u-worker', options: TestUserOptions = {}) {
  return renderSignedIn(
    <NoticesProvider>
      <Routes>
        <Route path="/admin/profile/:userId" element={<AdminProfilePage />} />
        <Route path="/admin/users" element={<p>user list</p>} />
      </Routes>
      <LocationProbe />
    </NoticesProvider>,
    { role: 'admin', uid: 'u-admin', ...options, path: `/admin/profile/${userId}` },
  );
}

/** Waits for the profile, clicks an action button and returns its dialog. */
export async function openDialog(action: string): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: action }));
  return screen.findByRole('dialog');
}

/** The button of a dialog by its name. */
export const dialogButton = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name });

/** A promise the test settles by hand, for "while the request is under way". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}
