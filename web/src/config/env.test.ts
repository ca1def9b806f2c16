import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to the local demo project and the emulators', () => {
    const env = parseEnv({});
    expect(env.firebase.projectId).toBe('demo-ticket-app');
    expect(env.useEmulators).toBe(true);
    expect(env.tokenSyncUrl).toBeUndefined();
  });
  it('uses a real project without emulators', () => {
    const env = parseEnv({ VITE_FIREBASE_PROJECT_ID: 'acme-tickets', VITE_TOKEN_SYNC_URL: '/api/session' });
    expect(env.useEmulators).toBe(false);
    expect(env.tokenSyncUrl).toBe('/api/session');
  });
  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example/steal', 'api/session'])(
    'refuses the token sync URL %s (not a same-origin path) with a clear message',
    (url) => {
      expect(() => parseEnv({ VITE_TOKEN_SYNC_URL: url })).toThrow(
        /VITE_TOKEN_SYNC_URL must be a same-origin path/,
      );
    },
  );
  it('reads the test-only session timeout as a number', () => {
    expect(parseEnv({ VITE_SESSION_TIMEOUT_MS: '70000' }).sessionTimeoutOverrideMs).toBe(70000);
    expect(() => parseEnv({ VITE_SESSION_TIMEOUT_MS: 'soon' })).toThrow(/Invalid app configuration/);
  });
});
