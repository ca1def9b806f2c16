import { AUTH_RULES } from '@domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthRules, loadAuthRules, resetAuthRulesCache } from './auth-rules';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const answering = (...responses: Array<() => Response>) => {
  const fetcher = vi.fn<typeof fetch>();
  for (const response of responses) fetcher.mockImplementationOnce(() => Promise.resolve(response()));
  return fetcher;
};

const ok = () => json({ data: AUTH_RULES });

describe('fetchAuthRules', () => {
  it('reads the rules from data of GET /api/config/auth-rules without an auth header', async () => {
    const fetcher = answering(ok);
    await expect(fetchAuthRules(fetcher)).resolves.toEqual(AUTH_RULES);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe('/api/config/auth-rules');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it.each([503, 404, 500])('fails with the status of an error answer (%i)', async (status) => {
    await expect(fetchAuthRules(answering(() => json({ error: 'x' }, status)))).rejects.toThrow(
      `Failed to fetch auth configuration: ${status}`,
    );
  });

  it.each([
    ['rules not wrapped in data', () => json(AUTH_RULES)],
    ['an empty body', () => json(null)],
    ['data without ROLES.ADMIN', () => json({ data: { ...AUTH_RULES, ROLES: { USER: 'user' } } })],
    ['data without PERMISSIONS', () => json({ data: { ROLE_HIERARCHY: {}, ROLES: { ADMIN: 'admin' } } })],
    ['a list as ROLE_HIERARCHY', () => json({ data: { ...AUTH_RULES, ROLE_HIERARCHY: ['user'] } })],
    ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
  ])('refuses %s', async (_case, response) => {
    await expect(fetchAuthRules(answering(response))).rejects.toThrow(
      'Invalid auth configuration response format',
    );
  });
});

describe('loadAuthRules', () => {
  beforeEach(() => {
    resetAuthRulesCache();
  });

  it('fetches once for the page life', async () => {
    const fetcher = answering(ok, ok);
    const first = await loadAuthRules(fetcher);
    const second = await loadAuthRules(fetcher);
    expect(first).toEqual(AUTH_RULES);
    expect(second).toBe(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('shares one fetch between concurrent calls', async () => {
    const fetcher = answering(ok, ok);
    const [first, second] = await Promise.all([loadAuthRules(fetcher), loadAuthRules(fetcher)]);
    expect(second).toBe(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failure: the next call tries again', async () => {
    const fetcher = answering(() => json({}, 503), ok);
    await expect(loadAuthRules(fetcher)).rejects.toThrow('Failed to fetch auth configuration: 503');
    await expect(loadAuthRules(fetcher)).resolves.toEqual(AUTH_RULES);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('does not cache a network error', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(ok());
    await expect(loadAuthRules(fetcher)).rejects.toThrow('Failed to fetch');
    await expect(loadAuthRules(fetcher)).resolves.toEqual(AUTH_RULES);
  });

  it('fetches again after resetAuthRulesCache', async () => {
    const fetcher = answering(ok, ok);
    await loadAuthRules(fetcher);
    resetAuthRulesCache();
    await loadAuthRules(fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
