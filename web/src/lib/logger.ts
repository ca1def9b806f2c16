import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '@domain';

// Client logging: errors only, unless localStorage `debug_logs` is set (any value but "false").
export const DEBUG_LOGS_KEY = 'debug_logs';

/** A logger the host page may install (window.appLogger); errors go there instead of the console. */
export type GlobalLogger = { error: (message: string, details?: unknown) => void };

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- extends the global Window
  interface Window {
    appLogger?: GlobalLogger;
  }
}

function isDebugOn(): boolean {
  try {
    const value = localStorage.getItem(DEBUG_LOGS_KEY);
    return value !== null && value !== 'false';
  } catch {
    return false;
  }
}

function enabled(level: LogLevel): boolean {
  const threshold = isDebugOn() ? 'debug' : DEFAULT_LOG_LEVEL;
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

export const logger = {
  debug: (message: string, details?: unknown) => {
    if (enabled('debug')) console.debug(message, details ?? '');
  },
  info: (message: string, details?: unknown) => {
    if (enabled('info')) console.info(message, details ?? '');
  },
  warn: (message: string, details?: unknown) => {
    if (enabled('warn')) console.warn(message, details ?? '');
  },
  /** Errors always: to window.appLogger when the page has one, else the console. */
  error: (message: string, details?: unknown) => {
    if (typeof window !== 'undefined' && window.appLogger) {
      window.appLogger.error(message, details);
      return;
    }
    console.error(message, details ?? '');
  },
};
