import express, { type NextFunction, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import {
  AUTH_RULES,
  displayNameOf,
  MAX_ID_TOKEN_AGE_FOR_SYNC_MS,
  SESSION_TIMEOUT_MS,
  roleOf,
} from '../domain/index.js';
import type { WorkerDirectory } from '../directory/worker-directory.js';
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

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The /api app: Hosting rewrites `/api/**` to it; it also answers on the function's own URL. */
export function createApiApp(deps: ApiDependencies): express.Express {
  const { auth, db, directory, logger, now } = deps;

  const routes: Record<string, Partial<Record<Method, Handler>>> = {
    '/config/auth-rules': {
      GET: (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300');
        res.json({ data: AUTH_RULES });
      },
    },
    '/profiles': {
      GET: async (req, res) => {
        const verified = await verifyBearer(req, auth);
        if (!verified) return sendError(res, 'unauthenticated');
        const { decoded } = verified;
        const userData = (await db.collection('users').doc(decoded.uid).get()).data() ?? {};
        const workerId = typeof userData.workerId === 'string' ? userData.workerId : null;
        // An account is linked to a directory worker by the users record (staff-created accounts),
        // or by e-mail only once the address is verified: anyone can sign up with a worker's
        // address, and must not read that worker's PESEL and bank account.
        const worker = workerId
          ? await directory.findById(workerId)
          : decoded.email && decoded.email_verified === true
            ? await directory.findByEmail(decoded.email)
            : null;
        // The profile's name; the web falls back to the e-mail itself (displayNameOf).
        const name = displayNameOf({ names: [userData.name, worker?.name, decoded.name] }) || null;
        res.set('Cache-Control', 'no-store');
        res.json({
          data: {
            name,
            role: roleOf(decoded.role),
            assignedPermissions: stringArray(userData.assignedPermissions),
            revokedPermissions: stringArray(userData.revokedPermissions),
            worker,
          },
        });
      },
    },
    // The tool catalogue for the tools form. Served here rather than read from Firestore in the
    // browser: the form then needs no Firestore SDK (about 100 KB gzip) on a phone.
    '/tool-catalog': {
      GET: async (req, res) => {
        const verified = await verifyBearer(req, auth);
        if (!verified) return sendError(res, 'unauthenticated');
        const snapshot = await db.collection('toolCatalog').get();
        res.set('Cache-Control', 'private, max-age=300');
        res.json({ data: snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() })) });
      },
    },
    '/session': {
      POST: async (req, res) => {
        const verified = await verifyBearer(req, auth);
        if (!verified) return sendError(res, 'unauthenticated');
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
