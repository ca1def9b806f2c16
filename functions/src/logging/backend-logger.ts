import type { Firestore } from 'firebase-admin/firestore';
import * as functionsLogger from 'firebase-functions/logger';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '../domain/index.js';

/*
 * The functions' logger, honouring the backend log level stored in `config/logging` (errors only
 * by default). Logging stays synchronous: each call decides with the level read last, and when
 * that read is older than the TTL it starts a new read in the background, so a level set on the
 * debug screen is honoured by every instance within about a minute, at the cost of at most one
 * document read per instance per minute.
 */

/** The document that holds the level: { level, updatedAt, updatedBy }. */
export const LOG_CONFIG_PATH = 'config/logging';
export const LOG_LEVEL_TTL_MS = 60_000;

type Details = Record<string, unknown>;
type Write = (message: string, details?: Details) => void;

/** Where messages go; `firebase-functions/logger` fits (structured Cloud Logging entries). */
export type LogSink = Record<LogLevel, (...args: unknown[]) => void>;

/** A CallableLogger with debug and an unfiltered security channel. */
export type BackendLogger = Record<LogLevel, Write> & {
  /** Security events: always written, at WARNING severity, marked `security: true`. */
  security: Write;
  /** The level the next message is judged by. */
  level: () => LogLevel;
  /** Reads `config/logging` now (sharing a read already under way); never rejects. */
  refresh: () => Promise<LogLevel>;
  /** Resolves once no background read is under way (for tests and graceful shutdown). */
  idle: () => Promise<void>;
};

export type BackendLoggerOptions = {
  db: Firestore;
  sink?: LogSink;
  now?: () => number;
  ttlMs?: number;
};

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/** Whether a message of `messageLevel` is written when the backend level is `current`. */
export function passesLevel(messageLevel: LogLevel, current: LogLevel): boolean {
  return rank(messageLevel) >= rank(current);
}

/** A stored value as a level: anything missing or unknown means the default (errors only). */
export function toLogLevel(value: unknown): LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value)
    ? (value as LogLevel)
    : DEFAULT_LOG_LEVEL;
}

/** The stored backend level, DEFAULT_LOG_LEVEL when the document or its field is missing. */
export async function readLogLevel(db: Firestore): Promise<LogLevel> {
  return toLogLevel((await db.doc(LOG_CONFIG_PATH).get()).get('level'));
}

/**
 * A logger that drops messages below the level in `config/logging`. Before its first read it
 * judges by DEFAULT_LOG_LEVEL; a failed read keeps the last level (and is reported at warn);
 * errors always pass.
 */
export function createBackendLogger(options: BackendLoggerOptions): BackendLogger {
  const { db, sink = functionsLogger, now = Date.now, ttlMs = LOG_LEVEL_TTL_MS } = options;
  let current: LogLevel = DEFAULT_LOG_LEVEL;
  let readAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<LogLevel> | null = null;

  const emit = (level: LogLevel, message: string, details?: Details) => {
    if (details === undefined) sink[level](message);
    else sink[level](message, details);
  };

  const refresh = (): Promise<LogLevel> => {
    inFlight ??= readLogLevel(db)
      .then(
        (level) => {
          current = level;
        },
        (error: unknown) => {
          if (passesLevel('warn', current)) {
            emit('warn', 'Backend log level could not be read; keeping the last one', {
              level: current,
              error: error instanceof Error ? error.message : String(error),
            });
          }
        },
      )
      .then(() => {
        readAt = now();
        inFlight = null;
        return current;
      });
    return inFlight;
  };

  const write =
    (level: LogLevel): Write =>
    (message, details) => {
      if (inFlight === null && now() - readAt >= ttlMs) void refresh();
      if (passesLevel(level, current)) emit(level, message, details);
    };

  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    security: (message, details) => emit('warn', message, { ...details, security: true }),
    level: () => current,
    refresh,
    idle: async () => {
      await inFlight;
    },
  };
}
