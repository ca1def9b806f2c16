import { useSyncExternalStore } from 'react';

// The browser's own word on connectivity (navigator.onLine and its online/offline events). It can
// say "online" behind a dead Wi-Fi, but "offline" is reliable: what a building site without signal
// shows. Screens combine it with Firestore's `fromCache` to tell the worker they see saved data.

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnlineNow = () => navigator.onLine;

/** Whether the browser has a network connection; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnlineNow, () => true);
}
