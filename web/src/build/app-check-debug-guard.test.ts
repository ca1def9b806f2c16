import { describe, expect, it } from 'vitest';
import { appCheckDebugGuard, appCheckDebugTokenProblem } from './app-check-debug-guard';

describe('appCheckDebugTokenProblem', () => {
  it.each([
    ['no debug token', { VITE_FIREBASE_PROJECT_ID: 'ticket-app-prod' }],
    [
      'an empty debug token',
      { VITE_FIREBASE_PROJECT_ID: 'ticket-app-prod', VITE_APP_CHECK_DEBUG_TOKEN: ' ' },
    ],
    [
      'a debug token for the local stack',
      { VITE_FIREBASE_PROJECT_ID: 'demo-ticket-app', VITE_APP_CHECK_DEBUG_TOKEN: 'true' },
    ],
  ])('lets the build go on with %s', (_name, env) => {
    expect(appCheckDebugTokenProblem(env)).toBeNull();
  });

  it.each([
    ['a real project', 'ticket-app-prod'],
    ['a project merely containing demo-', 'my-demo-app'],
    ['no project id', undefined],
  ])('stops the build with one line for a debug token and %s', (_name, projectId) => {
    const problem = appCheckDebugTokenProblem({
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_APP_CHECK_DEBUG_TOKEN: '3f1c0a2e-debug',
    });
    expect(problem).toMatch(/^VITE_APP_CHECK_DEBUG_TOKEN is set for project/);
    expect(problem).not.toContain('\n');
    expect(problem).not.toContain('3f1c0a2e');
  });
});

describe('appCheckDebugGuard', () => {
  it('runs only for builds and throws from configResolved', () => {
    const plugin = appCheckDebugGuard();
    expect(plugin.apply).toBe('build');
    const configResolved = plugin.configResolved as (config: { env: Record<string, string> }) => void;
    expect(() =>
      configResolved({
        env: { VITE_FIREBASE_PROJECT_ID: 'ticket-app-prod', VITE_APP_CHECK_DEBUG_TOKEN: 'x' },
      }),
    ).toThrow(/must never be built/);
    expect(() => configResolved({ env: { VITE_FIREBASE_PROJECT_ID: 'demo-ticket-app' } })).not.toThrow();
  });
});
