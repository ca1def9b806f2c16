import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@domain': fileURLToPath(new URL('../functions/src/domain', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    testTimeout: 15_000,
    // Every core: Vitest's default leaves one idle, and this layer is bound by the processor (jsdom and
    // the modules each file loads anew). Measured on two cores: 191 s with one worker, 135 s with two.
    maxWorkers: availableParallelism(),
  },
});
