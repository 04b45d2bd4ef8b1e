import { highScoresKey, standingKey, TOP_LIST_NAMES, type HighScoreRow, type Standing, type TopListName, type TopRow } from '../leaderboards.ts';
import { partsOf, type DataSource } from '../source.ts';

/** A list as last read, with when; absent when this device never read it. */
export interface Snapshot<T> {
  rows: T[];
  fetchedAt: number;
}

/** The four top lists in TOP_LIST_NAMES order; undefined for one never read on this device. */
export async function readTopLists(source: DataSource): Promise<Record<TopListName, Snapshot<TopRow> | undefined>> {
  const rows = await partsOf(source).db.leaderboards.bulkGet([...TOP_LIST_NAMES]);
  const lists = {} as Record<TopListName, Snapshot<TopRow> | undefined>;
  TOP_LIST_NAMES.forEach((name, i) => {
    const row = rows[i];
    lists[name] = row ? { rows: row.rows as TopRow[], fetchedAt: row.fetchedAt } : undefined;
  });
  return lists;
}

/** The student's ranks: undefined when never read here, null when the server had no row for them. */
export async function readStanding(source: DataSource, userId: string): Promise<Standing | null | undefined> {
  const row = await partsOf(source).db.leaderboards.get(standingKey(userId));
  if (!row) return undefined;
  return (row.rows[0] as Standing | undefined) ?? null;
}

/** One game's high scores, best first; null when this device has never read them. */
export async function readHighScores(source: DataSource, appId: string): Promise<Snapshot<HighScoreRow> | null> {
  const row = await partsOf(source).db.leaderboards.get(highScoresKey(appId));
  return row ? { rows: row.rows as HighScoreRow[], fetchedAt: row.fetchedAt } : null;
}
