import { vi } from 'vitest';

/**
 * Makes navigator.onLine answer `isOnline` and fires the event the browser fires with it, as going
 * offline (or back) does. Undo with vi.restoreAllMocks().
 */
export function setOnline(isOnline: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}
