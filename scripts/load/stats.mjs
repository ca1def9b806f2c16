// Figures of a load step: latency percentiles (nearest rank) and the printed tables.

/** The `p`-th percentile (0-100) of `values` by nearest rank; null for no values. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** p50, p95 and max of latencies in milliseconds. */
export function latencySummary(values) {
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: values.length === 0 ? null : Math.max(...values),
  };
}

/** Counts of equal strings, most frequent first, as "text ×count; ...". */
export function countsText(texts) {
  const counts = new Map();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([text, count]) => `${text} ×${count}`)
    .join('; ');
}

/** The values of `counts` (a Map or object) that occur more than once. */
export function duplicatesOf(values) {
  const seen = new Set();
  const twice = new Set();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

export const ms = (value) => (value === null || value === undefined ? '-' : `${Math.round(value)}`);

/** A plain text table: `columns` are [title, align] with align 'left' | 'right'. */
export function formatTable(columns, rows) {
  const cells = rows.map((row) => row.map((cell) => String(cell ?? '-')));
  const widths = columns.map(([title], index) =>
    Math.max(title.length, ...cells.map((row) => row[index].length)),
  );
  const line = (row) =>
    row
      .map((cell, index) =>
        columns[index][1] === 'right' ? cell.padStart(widths[index]) : cell.padEnd(widths[index]),
      )
      .join('  ')
      .trimEnd();
  return [
    line(columns.map(([title]) => title)),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map(line),
  ].join('\n');
}
