import type { Request } from 'express';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';

const BEARER = /^Bearer ([A-Za-z0-9._-]+)$/;

/** The raw ID token of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(req: Request): string | null {
  const match = BEARER.exec(req.get('authorization')?.trim() ?? '');
  return match?.[1] ?? null;
}

/**
 * Verifies the bearer ID token, including revocation and a disabled account. Returns null for
 * any token that does not prove a live, enabled account.
 */
export async function verifyBearer(
  req: Request,
  auth: Auth,
): Promise<{ token: string; decoded: DecodedIdToken } | null> {
  const token = bearerToken(req);
  if (!token) return null;
  try {
    return { token, decoded: await auth.verifyIdToken(token, true) };
  } catch {
    return null;
  }
}
