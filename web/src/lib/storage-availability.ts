import { useEffect, useState } from 'react';
import { appEnv } from '../config/env';
import { emulatorHost } from './firebase';

// Whether files can be uploaded. A deployed app always has Cloud Storage; a local stack may run without the
// Storage emulator (its rules runtime is a download), and then the file fields say so instead of letting an
// upload spin and fail. The answer is found once per page load: any HTTP answer from the emulator's port
// means it runs, a refused connection means it does not.

export type StorageAvailability = 'checking' | 'available' | 'unavailable';

const STORAGE_EMULATOR_PORT = 9199;
const PROBE_TIMEOUT_MS = 3000;

let probe: Promise<StorageAvailability> | undefined;

/** Asks the Storage emulator's port once; a deployed app (no emulators) is always available. */
export function checkStorageAvailability(): Promise<StorageAvailability> {
  if (!appEnv.useEmulators) return Promise.resolve('available');
  probe ??= fetch(`http://${emulatorHost()}:${STORAGE_EMULATOR_PORT}/`, {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  }).then(
    () => 'available' as const,
    () => 'unavailable' as const,
  );
  return probe;
}

/** For tests: forget the answer of an earlier probe. */
export function resetStorageAvailability() {
  probe = undefined;
}

/** The availability of uploads, 'checking' until the first answer ('available' at once when deployed). */
export function useStorageAvailability(): StorageAvailability {
  const [state, setState] = useState<StorageAvailability>(appEnv.useEmulators ? 'checking' : 'available');
  useEffect(() => {
    let isMounted = true;
    void checkStorageAvailability().then((answer) => {
      if (isMounted) setState(answer);
    });
    return () => {
      isMounted = false;
    };
  }, []);
  return state;
}
