function searchableText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * Entries whose `field` contains `query`, ignoring case and surrounding spaces of the query.
 * An empty or blank query, or an empty field name, keeps the whole list. Entries whose field is
 * missing or not text never match a real query. Returns a new array in the original order.
 */
export function filterBySearch<T>(list: readonly T[], field: keyof T, query: string | null | undefined): T[] {
  const needle = (query ?? '').trim().toLowerCase();
  if (needle === '' || field === '') return list.slice();
  const matches: T[] = [];
  for (const entry of list) {
    const text = entry === null || entry === undefined ? null : searchableText(entry[field]);
    if (text !== null && text.toLowerCase().includes(needle)) matches.push(entry);
  }
  return matches;
}
