/** How many trailing characters of a sensitive number stay readable, enough to recognise it. */
export const VISIBLE_TAIL = 4;
/** Long values (IBANs) get a capped mask so the row does not wrap on a phone. */
const MAX_MASK_LENGTH = 8;

/**
 * Hides a sensitive value (PESEL, bank account, ...) but its last 4 characters:
 * `88031412355` -> `•••••••2355`. Values of 4 characters or fewer are hidden entirely,
 * since showing the "tail" would show everything.
 */
export function maskValue(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length <= VISIBLE_TAIL) return '•'.repeat(VISIBLE_TAIL);
  const hiddenLength = Math.min(trimmed.length - VISIBLE_TAIL, MAX_MASK_LENGTH);
  return '•'.repeat(hiddenLength) + trimmed.slice(-VISIBLE_TAIL);
}
