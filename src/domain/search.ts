function searchableText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * A list made ready to search on one field: each entry's text in lower case, worked out once per
 * list rather than on every keystroke (a catalogue of thousands is searched as the student types).
 */
export interface SearchIndex<T> {
  readonly list: readonly T[];
  readonly field: keyof T;
  /** Lower-cased text of each entry's field, by position; null where there is no text to search. */
  readonly texts: readonly (string | null)[];
}

export function searchIndex<T>(list: readonly T[], field: keyof T): SearchIndex<T> {
  const texts = field === '' ? [] : list.map((entry) => (entry === null || entry === undefined ? null : searchableText(entry[field])?.toLowerCase() ?? null));
  return { list, field, texts };
}

/** filterBySearch over a prepared index: the same answer, without lower-casing the list again. */
export function searchIn<T>(index: SearchIndex<T>, query: string | null | undefined): T[] {
  const needle = (query ?? '').trim().toLowerCase();
  if (needle === '' || index.field === '') return index.list.slice();
  const matches: T[] = [];
  const { list, texts } = index;
  for (let i = 0; i < texts.length; i += 1) {
    if (texts[i]?.includes(needle)) matches.push(list[i] as T);
  }
  return matches;
}

/**
 * Entries whose `field` contains `query`, ignoring case and surrounding spaces of the query.
 * An empty or blank query, or an empty field name, keeps the whole list. Entries whose field is
 * missing or not text never match a real query. Returns a new array in the original order.
 */
export function filterBySearch<T>(list: readonly T[], field: keyof T, query: string | null | undefined): T[] {
  return searchIn(searchIndex(list, field), query);
}
