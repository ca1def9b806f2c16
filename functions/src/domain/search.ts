// Ticket search without zod: the history screen imports this, not the form schemas.

export const MAX_SEARCH_TOKENS = 50;

/**
 * Lower-case search tokens of a ticket: its number ("t-2611-4821" and "4821"; an earlier
 * sequential one as "t-0001" and "0001"), then the words of its description (runs of letters or
 * digits, at least two characters), unique, at most 50. The history screen searches with
 * `array-contains` on one normalised word.
 */
export function ticketSearchTokens(number: string, description: string): string[] {
  const tokens = new Set<string>();
  const lowerNumber = number.trim().toLowerCase();
  if (lowerNumber) tokens.add(lowerNumber);
  const digits = /\d+$/.exec(lowerNumber)?.[0];
  if (digits) tokens.add(digits);
  for (const word of description.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (tokens.size >= MAX_SEARCH_TOKENS) break;
    if (word.length >= 2) tokens.add(word);
  }
  return [...tokens];
}

/**
 * The token a search box entry is looked up by: a whole ticket number ("T-2611-4821", "t 2611 4821",
 * "2611-4821") as "t-2611-4821"; an earlier sequential one ("T-12", "t-0012") as "t-0012"; the
 * drawn part alone ("4821", "12") as "4821" or "0012", which both kinds carry; else its longest word
 * (lower case, at least two characters); '' when there is nothing to look up.
 */
export function searchTokenOf(query: string): string {
  const trimmed = query.trim().toLowerCase();
  const whole = /^(?:t[-\s]?)?(\d{4})[-\s](\d{4,6})$/.exec(trimmed);
  if (whole?.[1] && whole[2]) return `t-${whole[1]}-${whole[2]}`;
  const sequential = /^t-?\s?(\d{1,6})$/.exec(trimmed);
  if (sequential?.[1]) return `t-${String(Number(sequential[1])).padStart(4, '0')}`;
  const digits = /^\d{1,6}$/.exec(trimmed)?.[0];
  if (digits) return digits.length >= 4 ? digits : digits.padStart(4, '0');
  return searchWordsOf(trimmed).sort((a, b) => b.length - a.length)[0] ?? '';
}

/** The words of a search entry, split like descriptions are. */
export function searchWordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
}
