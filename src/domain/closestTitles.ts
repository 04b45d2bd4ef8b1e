// What a search that matches nothing offers instead: the titles a typo or a half-remembered name was
// probably after ("snkae" -> Snake, "sudoko" -> Sudoku), so an empty result is never a dead end.

/** Edits (insert, delete, change, swap two neighbours) between a and b, or more than `most` once that is sure. */
export function editDistance(a: string, b: string, most = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  // Three rows of the optimal-string-alignment table: two back for a swap of neighbours.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > most) return most + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** How many edits a query of this length may be away from a title: one in four letters, and one at least. */
export function allowedEdits(length: number): number {
  return Math.max(1, Math.floor(length / 4));
}

function normal(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The fewest edits between the query and the title, its words, or its start as long as the query. */
function nearness(query: string, title: string, most: number): number {
  const parts = [title, title.slice(0, query.length), ...title.split(' ')];
  return Math.min(...parts.map((part) => editDistance(query, part, most)));
}

/**
 * The games whose title is within a few edits of `query` (see allowedEdits), nearest first, then by the
 * list's order; empty for a query of fewer than three letters, which is near everything.
 */
export function closestTitles<T extends { title: string }>(apps: readonly T[], query: string, limit = 4): T[] {
  const wanted = normal(query);
  if (wanted.length < 3) return [];
  const most = allowedEdits(wanted.length);
  return apps
    .map((app, index) => ({ app, index, edits: nearness(wanted, normal(app.title), most) }))
    .filter((entry) => entry.edits <= most)
    .sort((a, b) => a.edits - b.edits || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.app);
}
