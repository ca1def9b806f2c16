import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

/**
 * Whether the app can reach its servers (connectivity.ts: the browser's word and a probe of the
 * app's own origin); re-renders when that changes. Screens combine it with Firestore's `fromCache`
 * to tell the worker they see saved data.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
