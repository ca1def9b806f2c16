export const FUNCTIONS_REGION: string;
export type HeaderOptions = { projectId: string; region?: string; isLocal?: boolean; buckets?: string[] };
export function contentSecurityPolicy(options: HeaderOptions): string;
export function securityHeaders(options: HeaderOptions): { key: string; value: string }[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- firebase.json has no type of its own
export function withSecurityHeaders<T extends { hosting: { headers: any[] } }>(
  config: T,
  options: HeaderOptions,
): T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- firebase.json has no type of its own
export function readFirebaseJson(): any;
export function defaultProject(): string;
