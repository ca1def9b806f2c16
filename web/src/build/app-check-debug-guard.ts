// A build-time guard: an App Check debug token lets whoever holds it pass App Check as the app,
// from anywhere, so it must never ship in a bundle for a real project. It is for the local stack
// (a `demo-` project) and a developer's own machine only.
import type { Plugin } from 'vite';

type BuildEnv = Record<string, string | boolean | undefined>;

/**
 * Why this build must not go on, or null: a VITE_APP_CHECK_DEBUG_TOKEN set for a project whose id
 * does not start with `demo-`. One line, naming both variables and what to do.
 */
export function appCheckDebugTokenProblem(env: BuildEnv): string | null {
  const token = env.VITE_APP_CHECK_DEBUG_TOKEN;
  const projectId = typeof env.VITE_FIREBASE_PROJECT_ID === 'string' ? env.VITE_FIREBASE_PROJECT_ID : '';
  if (typeof token !== 'string' || token.trim() === '' || projectId.startsWith('demo-')) return null;
  return (
    `VITE_APP_CHECK_DEBUG_TOKEN is set for project "${projectId}": a debug token must never be built ` +
    'into a bundle for a real project; remove it from web/.env* and the environment.'
  );
}

/** Fails `vite build` with that one line (the dev server is left alone). */
export function appCheckDebugGuard(): Plugin {
  return {
    name: 'app-check-debug-guard',
    apply: 'build',
    configResolved(config) {
      const problem = appCheckDebugTokenProblem(config.env);
      if (problem) throw new Error(problem);
    },
  };
}
