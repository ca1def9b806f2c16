import type { Browser, Page } from 'playwright-core';
import type { startStack } from './emulators.mjs';

export const SERVER_LOG: string;
export function startStackWithReadsProbe(
  options?: Parameters<typeof startStack>[0],
): ReturnType<typeof startStack>;
export type ServerEvent = {
  kind: string;
  fn?: string;
  path?: string;
  found?: boolean;
  writes?: number;
};
export type ServerSummary = {
  reads: number;
  writes: number;
  byFunction: Record<string, { reads: number; writes: number; paths: string[] }>;
  probeFailures: number;
};
export function summarizeServer(events: ServerEvent[]): ServerSummary;
export function webChannelFrames(text: string, from?: number): { frames: unknown[]; pos: number };
export function messagesIn(value: unknown, found?: object[]): Record<string, unknown>[];
export function describeTarget(target: Record<string, unknown>): string;
export type TrafficSnapshot = {
  listeners: number;
  removed: number;
  resets: number;
  docsRead: number;
  writes: number;
  unreadable: number;
  inFlight: number;
  moved: number;
  targets: { name: string; docs: number; resets: number; isAdded: boolean }[];
  rest: { rpc: string; docs: number }[];
};
export function recordFirestoreTraffic(
  page: Page,
  options: {
    app: string;
    firestore?: string;
    functions?: string;
    trace?: (from: 'client' | 'server', message: Record<string, unknown>) => void;
  },
): Promise<{ snapshot: () => TrafficSnapshot; stop: () => Promise<void> }>;
export function createHistoryWorker(
  count?: number,
): Promise<{ uid: string; email: string; close: () => Promise<void> }>;
export type ReadsRow = {
  screen: string;
  docsRead: number;
  clientDocs: number;
  serverDocs: number;
  writes: number;
  listeners: number;
  notes: string[];
  shown: unknown;
  server: ServerSummary;
};
export function measureReadsPerScreen(options: {
  browser: Browser;
  app: string;
  log?: (message: string) => void;
}): Promise<{ rows: ReadsRow[]; failures: string[] }>;
export function printReadsTable(rows: ReadsRow[], options?: { verbose?: boolean }): void;
