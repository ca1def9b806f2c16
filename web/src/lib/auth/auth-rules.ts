import type { AuthRules } from '@domain';

// GET /api/config/auth-rules, fetched once per page life.
let cached: Promise<AuthRules> | undefined;

function isRules(value: unknown): value is AuthRules {
  if (!value || typeof value !== 'object') return false;
  const rules = value as Record<string, unknown>;
  const isRecord = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
  return (
    isRecord(rules.ROLE_HIERARCHY) &&
    isRecord(rules.PERMISSIONS) &&
    isRecord(rules.ROLES) &&
    typeof (rules.ROLES as Record<string, unknown>).ADMIN === 'string'
  );
}

export async function fetchAuthRules(fetcher: typeof fetch = fetch): Promise<AuthRules> {
  const response = await fetcher('/api/config/auth-rules');
  if (!response.ok) throw new Error(`Failed to fetch auth configuration: ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error('Invalid auth configuration response format');
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (!isRules(data)) throw new Error('Invalid auth configuration response format');
  return data;
}

/** The rules for this page life; a failure is not cached, so the next call tries again. */
export function loadAuthRules(fetcher: typeof fetch = fetch): Promise<AuthRules> {
  cached ??= fetchAuthRules(fetcher).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

export function resetAuthRulesCache(): void {
  cached = undefined;
}
