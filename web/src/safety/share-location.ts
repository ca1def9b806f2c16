import type { SafetyLocation } from './domain';

/** How long the phone may take to find itself before the report goes without a location. */
export const LOCATION_TIMEOUT_MS = 15_000;

/** The largest accuracy the server takes, in metres; a vaguer fix is sent as that. */
const MAX_ACCURACY_METERS = 100_000;

/**
 * Where the phone is, once the worker agreed to share it: a high-accuracy fix, fresh, within
 * LOCATION_TIMEOUT_MS. Null when the browser has no geolocation, the worker (or the phone's
 * settings) refused it, or no fix came in time: the report is then sent without a location.
 */
export function currentLocation(): Promise<SafetyLocation | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const { latitude, longitude, accuracy } = coords;
        if (![latitude, longitude, accuracy].every(Number.isFinite)) {
          resolve(null);
          return;
        }
        resolve({
          latitude,
          longitude,
          accuracyMeters: Math.min(Math.max(accuracy, 0), MAX_ACCURACY_METERS),
        });
      },
      () => resolve(null),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
