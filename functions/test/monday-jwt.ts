import { createHmac } from 'node:crypto';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 JWT as monday signs its webhook requests (with the app's signing secret). */
export function signJwt(claims: object, secret: string, alg = 'HS256') {
  const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export const base64Json = b64;
