import { describe, expect, it } from 'vitest';
import { base64Json as b64, signJwt } from '../../../test/monday-jwt.js';
import { isUsableSecret, verifyMondayJwt, webhookUrlProblem } from './webhook.js';

describe('monday webhook signature', () => {
  const now = 1_800_000_000;
  const secret = 'a-signing-secret-of-32-characters';
  const url = 'https://europe-central2-demo.cloudfunctions.net/mondayWebhook';
  const good = { exp: now + 60, aud: url };
  it.each([
    ['a token signed with the secret, for this URL', signJwt(good, secret), 'ok'],
    ['the URL with a trailing slash', signJwt({ ...good, aud: `${url}/` }, secret), 'ok'],
    ['aud as a list naming this URL', signJwt({ ...good, aud: ['other', url] }, secret), 'ok'],
    ['a token without exp', signJwt({ aud: url }, secret), 'no exp'],
    ['a token without aud', signJwt({ exp: now + 60 }, secret), 'wrong aud'],
    [
      'a token for another endpoint',
      signJwt({ ...good, aud: 'https://evil.example/hook' }, secret),
      'wrong aud',
    ],
    ['another secret', signJwt(good, 'another-secret-of-32-characters!!'), 'bad signature'],
    [
      'a token past its exp by more than the clock skew',
      signJwt({ ...good, exp: now - 31 }, secret),
      'expired',
    ],
    ['a token 20 s past its exp (clock skew)', signJwt({ ...good, exp: now - 20 }, secret), 'ok'],
    ['exp that is no number', signJwt({ ...good, exp: String(now + 60) }, secret), 'no exp'],
    ['aud that is no string', signJwt({ ...good, aud: 42 }, secret), 'wrong aud'],
    ['a token issued 20 s ahead (clock skew)', signJwt({ ...good, iat: now + 20 }, secret), 'ok'],
    ['a token issued in the future', signJwt({ ...good, iat: now + 3600 }, secret), 'issued in the future'],
    ['alg none', `${b64({ alg: 'none' })}.${b64(good)}.`, 'not HS256'],
    ['another algorithm', signJwt(good, secret, 'HS512'), 'not HS256'],
    [
      'a tampered payload',
      signJwt(good, secret).replace(/\.[^.]+\./, `.${b64({ ...good, exp: now + 9999 })}.`),
      'bad signature',
    ],
    ['garbage', 'not-a-jwt', 'not a JWT'],
  ])('%s -> %s', (_what, token, expected) => {
    const check = verifyMondayJwt(token, secret, url, now);
    expect(check.ok ? 'ok' : check.why).toBe(expected);
  });

  it.each([
    [url, null],
    [`${url}?secret=abcdef`, 'a query string in the webhook URL'],
    [`${url}?`, 'a query string in the webhook URL'],
    [`${url}#token`, 'a query string in the webhook URL'],
    [
      'https://user:pass@europe-central2-demo.cloudfunctions.net/mondayWebhook',
      'user info in the webhook URL',
    ],
    ['not a url', 'the webhook URL is not a URL'],
  ])('webhook URL %s -> %s', (candidate, problem) => {
    expect(webhookUrlProblem(candidate)).toBe(problem);
  });

  it('an unset, short or placeholder secret verifies nothing, even a token signed with it', () => {
    for (const weak of ['', 'short', 'local-placeholder', 'changeme']) {
      expect(isUsableSecret(weak)).toBe(false);
      expect(verifyMondayJwt(signJwt(good, weak), weak, url, now)).toEqual({
        ok: false,
        why: 'no usable signing secret',
      });
    }
    expect(isUsableSecret(secret)).toBe(true);
  });
});
