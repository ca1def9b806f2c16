import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import type { PushAvailability } from '../lib/push/api';
import { renderSignedIn } from '../testing/auth';
import { PushSetting } from './push-setting';

const push = vi.hoisted(() => ({
  availability: 'available' as PushAvailability,
  isOn: false,
  pushAvailability: vi.fn(),
  isPushOn: vi.fn(),
  enablePush: vi.fn(),
  disablePush: vi.fn(),
  refreshPush: vi.fn(),
}));
vi.mock('../lib/push/api', () => ({
  pushAvailability: () => push.availability,
  isPushOn: () => push.isOn,
  enablePush: push.enablePush,
  disablePush: push.disablePush,
  refreshPush: push.refreshPush,
}));

let permission: NotificationPermission = 'default';

beforeEach(async () => {
  await changeLanguage('en');
  push.availability = 'available';
  push.isOn = false;
  permission = 'default';
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
  });
  push.enablePush.mockResolvedValue('on');
  push.disablePush.mockResolvedValue(undefined);
  push.refreshPush.mockResolvedValue(true);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('pl');
});

const theSwitch = () => screen.getByRole('switch', { name: 'Notifications on this device' });

describe('PushSetting', () => {
  it('turns push on for the signed-in user in the current language', async () => {
    renderSignedIn(<PushSetting />, { uid: 'u-7' });
    expect(theSwitch()).not.toBeChecked();
    await userEvent.click(theSwitch());
    expect(push.enablePush).toHaveBeenCalledWith('u-7', 'en');
    expect(theSwitch()).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a refused permission and stays off', async () => {
    push.enablePush.mockResolvedValue('denied');
    renderSignedIn(<PushSetting />);
    await userEvent.click(theSwitch());
    expect(theSwitch()).not.toBeChecked();
    expect(await screen.findByText(/Notifications are blocked for this app/)).toBeInTheDocument();
  });

  it('says so when push could not be turned on', async () => {
    push.enablePush.mockRejectedValue(new Error('offline'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSignedIn(<PushSetting />);
    await userEvent.click(theSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be turned on.');
    expect(theSwitch()).not.toBeChecked();
    consoleError.mockRestore();
  });

  it('shows push on as remembered, registers the device again on opening, and turns it off', async () => {
    push.isOn = true;
    renderSignedIn(<PushSetting />, { uid: 'u-7' });
    expect(theSwitch()).toBeChecked();
    expect(push.refreshPush).toHaveBeenCalledWith('u-7', 'en');
    await userEvent.click(theSwitch());
    expect(push.disablePush).toHaveBeenCalledWith('u-7');
    expect(theSwitch()).not.toBeChecked();
  });

  it('registers again in the new language when the language changes', async () => {
    push.isOn = true;
    renderSignedIn(<PushSetting />, { uid: 'u-7' });
    await changeLanguage('ru');
    await vi.waitFor(() => expect(push.refreshPush).toHaveBeenLastCalledWith('u-7', 'ru'));
  });

  it('shows off when the browser permission was taken back', async () => {
    push.isOn = true;
    push.refreshPush.mockResolvedValue(false);
    renderSignedIn(<PushSetting />);
    await vi.waitFor(() => expect(theSwitch()).not.toBeChecked());
  });

  it('explains an already blocked permission before the user tries', () => {
    permission = 'denied';
    renderSignedIn(<PushSetting />);
    expect(screen.getByText(/Notifications are blocked for this app/)).toBeInTheDocument();
  });

  it.each([
    ['unsupported', 'This browser cannot show notifications.'],
    ['unconfigured', 'Notifications are not set up for this installation of the app.'],
  ] as const)('is disabled where push is %s, and says why', (availability, text) => {
    push.availability = availability;
    renderSignedIn(<PushSetting />);
    expect(theSwitch()).toBeDisabled();
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
    expect(push.refreshPush).not.toHaveBeenCalled();
  });
});
