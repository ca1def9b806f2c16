export type ProbeEvent =
  | { kind: 'rpc'; rpc: string; tag: string; writes: number }
  | { kind: 'read'; rpc: string; tag: string; path: string; found: boolean }
  | { kind: 'result'; rpc: string; tag: string };
export function rpcOf(request: unknown): string;
export function eventsOfLogLine(message: string, rpcByTag: Map<string, string>): ProbeEvent[];
export function shortPath(name: string): string;
