import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  defaultProject,
  readFirebaseJson,
  securityHeaders,
  withSecurityHeaders,
} from './hosting-headers.mjs';

type HeaderEntry = { source: string; headers: { key: string; value: string }[] };

const pageHeaders = (config: { hosting: { headers: HeaderEntry[] } }) =>
  Object.fromEntries(
    (config.hosting.headers.find((entry) => entry.source === '**')?.headers ?? []).map((header) => [
      header.key,
      header.value,
    ]),
  );
const connectSrc = (csp: string) => csp.split('; ').find((part) => part.startsWith('connect-src')) ?? '';

describe('Hosting security headers', () => {
  it('are in firebase.json exactly as built for the default project, emulator hosts left out', () => {
    const committed = pageHeaders(readFirebaseJson());
    const built = Object.fromEntries(
      securityHeaders({ projectId: defaultProject() }).map((header) => [header.key, header.value]),
    );
    expect(committed).toEqual(built);
    expect(committed['Content-Security-Policy']).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('name the deployment’s own functions host and the Firebase hosts, and nothing local', () => {
    const config = withSecurityHeaders(readFirebaseJson(), { projectId: 'acme-workforce-prod' });
    const headers = pageHeaders(config);
    const connect = connectSrc(headers['Content-Security-Policy'] ?? '');
    expect(connect).toContain('https://europe-central2-acme-workforce-prod.cloudfunctions.net');
    expect(connect).not.toContain('demo-ticket-app');
    expect(connect).toContain('https://identitytoolkit.googleapis.com');
    expect(connect).not.toMatch(/http:\/\//);
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    // Only the page headers change: the long cache of the hashed assets stays.
    expect(config.hosting.headers.filter((entry: HeaderEntry) => entry.source !== '**')).toEqual(
      readFirebaseJson().hosting.headers.filter((entry: HeaderEntry) => entry.source !== '**'),
    );
  });

  it('name only this project’s Storage buckets and Firestore paths, not any project’s', () => {
    const csp = contentSecurityPolicy({ projectId: 'acme-workforce-prod' });
    const sources = (directive: string) =>
      (csp.split('; ').find((part) => part.startsWith(`${directive} `)) ?? '').split(' ').slice(1);
    for (const directive of ['connect-src', 'img-src']) {
      // A bare host would let the page talk to every project's bucket and database.
      expect(sources(directive)).not.toContain('https://firebasestorage.googleapis.com');
      expect(sources(directive)).not.toContain('https://firestore.googleapis.com');
      expect(sources(directive)).toContain(
        'https://firebasestorage.googleapis.com/v0/b/acme-workforce-prod.firebasestorage.app/',
      );
      expect(sources(directive)).toContain(
        'https://firebasestorage.googleapis.com/v0/b/acme-workforce-prod.appspot.com/',
      );
    }
    expect(sources('connect-src')).toContain(
      'https://firestore.googleapis.com/v1/projects/acme-workforce-prod/',
    );
    const named = contentSecurityPolicy({ projectId: 'acme-workforce-prod', buckets: ['acme-files'] });
    expect(named).toContain('https://firebasestorage.googleapis.com/v0/b/acme-files/');
    expect(named).not.toContain('acme-workforce-prod.appspot.com');
  });

  it('let a local build reach the emulators', () => {
    const connect = connectSrc(contentSecurityPolicy({ projectId: 'demo-ticket-app', isLocal: true }));
    for (const port of [9099, 8080, 9199, 5001]) {
      expect(connect).toContain(`http://127.0.0.1:${port}`);
      expect(connect).toContain(`http://localhost:${port}`);
    }
  });
});
