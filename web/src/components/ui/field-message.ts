import type { TFunction } from 'i18next';

/**
 * Translates a validation message key. Domain schemas carry a parameter after a colon
 * (`validation.maxChars:2000`) because zod messages are plain strings.
 */
export function translateMessage(t: TFunction, message: string): string {
  const separator = message.indexOf(':');
  if (separator === -1) return t(message);
  const key = message.slice(0, separator);
  const value = message.slice(separator + 1);
  return t(key, { max: value, value });
}
