import express, { type NextFunction, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import {
  AUTH_RULES,
  MAX_ID_TOKEN_AGE_FOR_SYNC_MS,
  PERMISSIONS,
  SESSION_TIMEOUT_MS,
  hasPermission,
} from '../domain/index.js';
import type { WorkerDirectory } from '../directory/worker-directory.js';
import { SERVICE_LEVELS_PATH, serviceLevelsOf } from '../callable/tickets/ticket-writer.js';
import { type ApiAppCheck, apiCallerOf, passesAppCheck } from './api-caller.js';
import { verifyBearer } from './bearer.js';
import { sendError } from './errors.js';

export type ApiLogger = { error: (message: string, details?: Record<string, unknown>) => void };

export type ApiDependencies = {
  auth: Auth;
  db: Firestore;
  directory: WorkerDirectory;
  logger: ApiLogger;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  /** App Check of /profiles (index.ts: adminAppCheck); none in tests that do not test it. */
  appCheck?: ApiAppCheck;
};

type Handler = (req: Request, res: Response) => Promise<void> | void;
type Method = 'GET' | 'POST' | 'DELETE';

export const SESSION_COOKIE = '__session';
const SESSION_COOKIE_OPTIONS = {
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
  path: '/',
} as const;

/** The /api app: Hosting rewrites `/api/**` to it; it also answers on the function's own URL. */
export function createApiApp(deps: ApiDependencies): express.Express {
  const { auth, db, directory, logger, now, appCheck } = deps;

  const routes: Record<string, Partial<Record<Method, Handler>>> = {
    '/config/auth-rules': {
      GET: (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300');
        res.json({ data: AUTH_RULES });
      },
    },
    // The expected answer times (config/serviceLevels, or the defaults): nothing secret, read by
    // the forms before the worker signs anything, so no Firestore client is needed on those pages.
    '/config/service-levels': {
      GET: async (_req, res) => {
        const levels = serviceLevelsOf((await db.doc(SERVICE_LEVELS_PATH).get()).data());
        res.set('Cache-Control', 'public, max-age=60');
        res.json({ data: levels });
      },
    },
    // The caller's own profile, PESEL and bank account included: App Check where it is enforced,
    // a live staff-made account (as the callables require), and VIEW_OWN_DATA (revocable per user).
    '/profiles': {
      GET: async (req, res) => {
        if (!(await passesAppCheck(req, appCheck))) return sendError(res, 'app-check-failed');
        const { caller, refusal } = await apiCallerOf(req, { auth, db });
        if (!caller) return sendError(res, refusal);
        if (!hasPermission(caller, PERMISSIONS.VIEW_OWN_DATA, AUTH_RULES)) return sendError(res, 'forbidden');
        const worker = await directory.findById(caller.workerId);
        res.set('Cache-Control', 'no-store');
        res.json({
          data: {
            name: caller.name,
            role: caller.role,
            assignedPermissions: caller.assignedPermissions,
            revokedPermissions: caller.revokedPermissions,
            worker,
          },
        });
      },
    },
    // The tool catalogue for the tools form. Served here rather than read from Firestore in the
    // browser: the form then needs no Firestore SDK (about 100 KB gzip) on a phone.
    '/tool-catalog': {
      GET: async (req, res) => {
        const { caller, refusal } = await apiCallerOf(req, { auth, db });
        if (!caller) return sendError(res, refusal);
        const snapshot = await db.collection('toolCatalog').get();
        res.set('Cache-Control', 'private, max-age=300');
        res.json({ data: snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() })) });
      },
    },
    '/session': {
      POST: async (req, res) => {
        const verified = await verifyBearer(req, auth);
        if (!verified) return sendError(res, 'unauthenticated');
        // A disabled account gets no session; one staff did not make yet does (it holds no power).
        const { refusal } = await apiCallerOf(req, { auth, db });
        if (refusal === 'unauthenticated') return sendError(res, refusal);
        // The client posts every new ID token younger than 5 minutes (spec section 7), the hourly refresh
        // of an older sign-in included: the age is the token's (iat), not the sign-in's (auth_time).
        const tokenAgeMs = now() - verified.decoded.iat * 1000;
        if (tokenAgeMs > MAX_ID_TOKEN_AGE_FOR_SYNC_MS) return sendError(res, 'token-too-old');
        const cookie = await auth.createSessionCookie(verified.token, {
          expiresIn: SESSION_TIMEOUT_MS,
        });
        res.set('Cache-Control', 'no-store');
        res.cookie(SESSION_COOKIE, cookie, { ...SESSION_COOKIE_OPTIONS, maxAge: SESSION_TIMEOUT_MS });
        res.json({ data: { expiresInMs: SESSION_TIMEOUT_MS } });
      },
      DELETE: (_req, res) => {
        res.set('Cache-Control', 'no-store');
        res.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
        res.json({ data: { signedOut: true } });
      },
    },
  };

  const router = express.Router({ strict: false, caseSensitive: true });
  for (const [path, handlers] of Object.entries(routes)) {
    router.all(path, (req: Request, res: Response, next: NextFunction) => {
      const handler = handlers[req.method as Method];
      if (!handler) {
        res.set('Allow', Object.keys(handlers).join(', '));
        return sendError(res, 'method-not-allowed');
      }
      Promise.resolve(handler(req, res)).catch(next);
    });
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use('/api', router);
  app.use(router);
  app.use((_req: Request, res: Response) => sendError(res, 'not-found'));
  // Four arguments mark this as express's error handler: log the detail, answer with a fixed text.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error('api request failed', {
      path: req.path,
      method: req.method,
      error:
        error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
    });
    if (res.headersSent) return;
    sendError(res, 'internal');
  });
  return app;
}
