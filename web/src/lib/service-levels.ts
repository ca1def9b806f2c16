import { DEFAULT_SERVICE_LEVELS, type ServiceLevels, serviceLevelsSchema } from '@domain';
import { useEffect, useState } from 'react';
import { firestore } from './firebase-data';
import { logger } from './logger';

/*
 * The company's service levels as the screens read them (`config/serviceLevels`, which every
 * active account may read): read once a session, from the device's cache when there is no
 * connection, the defaults until then or when none are stored. An admin's save refreshes them.
 */

let levels: Promise<ServiceLevels> | null = null;
const listeners = new Set<(levels: ServiceLevels) => void>();

async function readServiceLevels(): Promise<ServiceLevels> {
  const [db, sdk] = await Promise.all([firestore(), import('firebase/firestore')]);
  const ref = sdk.doc(db, 'config', 'serviceLevels');
  const snapshot = await sdk.getDoc(ref).catch(() => sdk.getDocFromCache(ref));
  const parsed = serviceLevelsSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data : DEFAULT_SERVICE_LEVELS;
}

function load(): Promise<ServiceLevels> {
  levels ??= readServiceLevels().catch((error: unknown) => {
    logger.warn('Could not read the service levels', error);
    levels = null;
    return DEFAULT_SERVICE_LEVELS;
  });
  return levels;
}

/** The service levels an admin just saved: every screen that shows them takes them at once. */
export function setServiceLevels(saved: ServiceLevels): void {
  levels = Promise.resolve(saved);
  listeners.forEach((listener) => listener(saved));
}

/** The service levels; the defaults until they are read, or when they cannot be. */
export function useServiceLevels(): ServiceLevels {
  const [value, setValue] = useState<ServiceLevels>(DEFAULT_SERVICE_LEVELS);
  useEffect(() => {
    let isCurrent = true;
    void load().then((read) => isCurrent && setValue(read));
    listeners.add(setValue);
    return () => {
      isCurrent = false;
      listeners.delete(setValue);
    };
  }, []);
  return value;
}
