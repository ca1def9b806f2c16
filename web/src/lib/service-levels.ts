import { DEFAULT_SERVICE_LEVELS, type ServiceLevels, serviceLevelsSchema } from '@domain';
import { useEffect, useState } from 'react';
import { logger } from './logger';

/*
 * The company's service levels as the screens read them: GET /api/config/service-levels (no
 * Firestore client on the forms that show them), once a session; the last answer is kept on the
 * device for the next start without a connection, and the defaults hold until there is one. An
 * admin's save refreshes them at once.
 */

const KEPT_KEY = 'serviceLevels';

let levels: Promise<ServiceLevels> | null = null;
const listeners = new Set<(levels: ServiceLevels) => void>();

const parse = (value: unknown): ServiceLevels | null => {
  const parsed = serviceLevelsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

function kept(): ServiceLevels | null {
  try {
    const stored = localStorage.getItem(KEPT_KEY);
    return stored ? parse(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}

async function fetchServiceLevels(): Promise<ServiceLevels> {
  const response = await fetch('/api/config/service-levels');
  if (!response.ok) throw new Error(`Service levels answered ${response.status}`);
  const read = parse(((await response.json()) as { data?: unknown } | null)?.data);
  if (!read) throw new Error('Service levels in an unknown shape');
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(read));
  } catch {
    // A full or private storage only costs the next offline start its saved copy.
  }
  return read;
}

function load(): Promise<ServiceLevels> {
  levels ??= fetchServiceLevels().catch((error: unknown) => {
    logger.warn('Could not read the service levels', error);
    levels = null;
    return kept() ?? DEFAULT_SERVICE_LEVELS;
  });
  return levels;
}

/** The service levels an admin just saved: every screen that shows them takes them at once. */
export function setServiceLevels(saved: ServiceLevels): void {
  levels = Promise.resolve(saved);
  listeners.forEach((listener) => listener(saved));
}

/** The service levels; the ones kept on the device (or the defaults) until they are read. */
export function useServiceLevels(): ServiceLevels {
  const [value, setValue] = useState<ServiceLevels>(() => kept() ?? DEFAULT_SERVICE_LEVELS);
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
