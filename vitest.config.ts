import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per test layer; scripts/test.mjs runs them in order and sums them up.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['functions/src/**/*.test.ts', 'emulator-data/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Every core (Vitest's default leaves one idle): this layer is bound by the processor.
          maxWorkers: availableParallelism(),
        },
      },
      './web/vitest.config.ts',
      {
        test: {
          name: 'functions',
          environment: 'node',
          include: ['functions/test/**/*.test.ts'],
          globalSetup: ['functions/testing/global-setup.ts'],
          setupFiles: ['functions/testing/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/console-guard.ts'],
          // A browser waits on the state that matters; a poll gets the time a loaded two-core machine
          // needs for a page and its lazy chunks (Vitest's default is one second).
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'rules',
          environment: 'node',
          include: ['rules-tests/firestore*.test.ts'],
          globalSetup: ['rules-tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // `npm run test:faults`: parts of the running stack stopped mid-way (docs/faults.md).
        test: {
          name: 'faults',
          environment: 'node',
          include: ['faults/**/*.fault.ts'],
          globalSetup: ['faults/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // The browser killed mid-upload: needs the Storage emulator (`npm run test:faults:storage`).
        test: {
          name: 'faults-storage',
          environment: 'node',
          include: ['faults/**/*.storage-fault.ts'],
          globalSetup: ['faults/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // Needs the Storage emulator, whose rules runtime is a download: `npm run test:emulators` only.
        test: {
          name: 'storage-rules',
          environment: 'node',
          include: ['rules-tests/storage*.test.ts'],
          globalSetup: ['rules-tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
