import { inject } from 'vitest';

// Before any test file imports firebase-admin: point it at the emulators of the global setup.
Object.assign(process.env, inject('emulatorEnv'));
