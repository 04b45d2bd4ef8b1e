import { withOwnNames, type NamedRow, type OwnNames } from '../../domain/ownNames.ts';
import type { PortalDB } from '../../store/db.ts';
import { highScoresKey, standingKey, TOP_LIST_NAMES, type HighScoreRow, type Standing, type TopListName, type TopRow } from '../leaderboards.ts';
import { partsOf, type DataSource } from '../source.ts';

/** A list as last read, with when; absent when this device never read it. */
export interface Snapshot<T> {
  rows: T[];
  fetchedAt: number;
}

/** The names and icons of the listed students who signed in on this device, from its profile mirror. */
async function ownNamesAmong(db: PortalDB, rows: readonly NamedRow[]): Promise<OwnNames> {
  const ids = [...new Set(rows.map((row) => row.user_id))];
  const profiles = ids.length === 0 ? [] : await db.profile.bulkGet(ids);
  return new Map(profiles.flatMap((p) => (p ? [[p.user_id, { username: p.username, icon: p.icon }] as const] : [])));
}

/** The four top lists in TOP_LIST_NAMES order; undefined for one never read on this device. */
export async function readTopLists(source: DataSource): Promise<Record<TopListName, Snapshot<TopRow> | undefined>> {
  const { db } = partsOf(source);
  const rows = await db.leaderboards.bulkGet([...TOP_LIST_NAMES]);
  const own = await ownNamesAmong(db, rows.flatMap((row) => (row ? (row.rows as TopRow[]) : [])));
  const lists = {} as Record<TopListName, Snapshot<TopRow> | undefined>;
  TOP_LIST_NAMES.forEach((name, i) => {
    const row = rows[i];
    lists[name] = row ? { rows: withOwnNames(row.rows as TopRow[], own), fetchedAt: row.fetchedAt } : undefined;
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
  const { db } = partsOf(source);
  const row = await db.leaderboards.get(highScoresKey(appId));
  if (!row) return null;
  const rows = row.rows as HighScoreRow[];
  return { rows: withOwnNames(rows, await ownNamesAmong(db, rows)), fetchedAt: row.fetchedAt };
}
