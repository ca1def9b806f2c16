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
  it('turns web push on only with a VAPID key and a sender id, on a real project', () => {
    const real = { VITE_FIREBASE_PROJECT_ID: 'acme-tickets' };
    const both = { ...real, VITE_FIREBASE_MESSAGING_SENDER_ID: '123', VITE_FIREBASE_VAPID_KEY: ' BKey ' };
    expect(parseEnv(both).push).toEqual({ vapidKey: 'BKey' });
    expect(parseEnv(both).firebase.messagingSenderId).toBe('123');
    expect(parseEnv({ ...both, VITE_FIREBASE_VAPID_KEY: '' }).push).toBeUndefined();
    expect(parseEnv({ ...real, VITE_FIREBASE_VAPID_KEY: 'BKey' }).push).toBeUndefined();
    expect(parseEnv({ ...both, VITE_FIREBASE_PROJECT_ID: 'demo-ticket-app' }).push).toBeUndefined();
    expect(parseEnv({}).firebase).not.toHaveProperty('messagingSenderId');
  });
  it('refuses an empty project setting and names every problem at once', () => {
    expect(() =>
      parseEnv({ VITE_FIREBASE_PROJECT_ID: '', VITE_TOKEN_SYNC_URL: 'https://x.example' }),
    ).toThrow(
      'Invalid app configuration (web/.env): VITE_FIREBASE_PROJECT_ID: must not be empty; ' +
        'VITE_TOKEN_SYNC_URL: VITE_TOKEN_SYNC_URL must be a same-origin path such as /api/session',
    );
    expect(() => parseEnv({ VITE_FIREBASE_API_KEY: 42 })).toThrow(/VITE_FIREBASE_API_KEY: must be text/);
  });
});
