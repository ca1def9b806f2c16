import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadTexts } from '../i18n';
import { forgetCachedProfiles } from '../lib/auth/profile-cache';
import { resetConnectivity } from '../lib/connectivity';
import { reachOrigin } from '../lib/reach-origin';
import { preloadNoticeStack } from '../notices';

// findBy* and waitFor wait up to 5 s (1 s by default): lazy chunks and a loaded two-core CI
// machine can take longer than a second, and a real failure only takes longer to report.
configure({ asyncUtilTimeout: 5000 });

// Uploads are available unless a test says otherwise (the real module probes the Storage emulator's port).
vi.mock('../lib/storage-availability', () => ({
  useStorageAvailability: vi.fn(() => 'available'),
  checkStorageAvailability: vi.fn(() => Promise.resolve('available')),
  resetStorageAvailability: vi.fn(),
}));

// The app's origin answers unless a test says otherwise (the real probe asks the server over HTTP).
vi.mock('../lib/reach-origin', () => ({
  PROBE_PATH: '/version.json',
  PROBE_TIMEOUT_MS: 5000,
  reachOrigin: vi.fn(() => Promise.resolve(true)),
}));

// The forms' follow-through reads answer at once unless a test says otherwise: the default service
// levels, and no open ticket of the same kind (the real module reads Firestore).
vi.mock('../lib/service-levels', async () => {
  const { DEFAULT_SERVICE_LEVELS } = await import('@domain');
  return { useServiceLevels: vi.fn(() => DEFAULT_SERVICE_LEVELS), setServiceLevels: vi.fn() };
});
vi.mock('../tickets/api/follow-through', () => ({
  DUPLICATE_CHECK_MS: 2500,
  findOpenDuplicate: vi.fn(() => Promise.resolve(null)),
}));

afterEach(() => {
  cleanup();
  resetConnectivity();
  vi.mocked(reachOrigin).mockImplementation(() => Promise.resolve(true));
  localStorage.clear();
  sessionStorage.clear();
  forgetCachedProfiles();
});

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// dayjs's month names: the app loads those of the language shown (lib/antd-provider.tsx); tests format
// dates in any language without switching to it.
await import('dayjs/locale/pl');
await import('dayjs/locale/ru');

// The notice view is a lazy chunk in the app; tests read notices synchronously.
await preloadNoticeStack();

// Some screens load their own bundle of texts before they render; tests render them directly.
await Promise.all(
  (['admin', 'bug-report', 'new-ticket', 'profile', 'queue', 'safety'] as const).map((bundle) =>
    loadTexts(bundle),
  ),
);
