// Ticket search without zod: the history screen imports this, not the form schemas.

export const MAX_SEARCH_TOKENS = 50;

/**
 * Lower-case search tokens of a ticket: its number ("t-0001" and "0001"), then the words of its
 * description (runs of letters or digits, at least two characters), unique, at most 50. The
 * history screen searches with `array-contains` on one normalised word.
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
 * The token a search box entry is looked up by: a ticket number ("T-12", "t-0012", "12") as "t-0012",
 * else its longest word (lower case, at least two characters); '' when there is nothing to look up.
 */
export function searchTokenOf(query: string): string {
  const trimmed = query.trim().toLowerCase();
  const number = /^(?:t-?)?(\d{1,6})$/.exec(trimmed);
  if (number?.[1]) return `t-${String(Number(number[1])).padStart(4, '0')}`;
  return searchWordsOf(trimmed).sort((a, b) => b.length - a.length)[0] ?? '';
}

/** The words of a search entry, split like descriptions are. */
export function searchWordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
}
