// The week's most played games (get_popular_apps), kept beside the leaderboards in Dexie so the home
// page and "Play next" show the last ranking read, offline too.
import type { PopularEntry } from '../domain/homeRows.ts';
import { partsOf, type DataSource } from './source.ts';

export const POPULAR_KEY = 'popular_apps';

/** Enough for a home row and "Play next" with some of the ranking's games not in this device's list. */
export const POPULAR_FETCH_LIMIT = 20;

function isEntry(row: unknown): row is PopularEntry {
  const r = row as Partial<PopularEntry> | null;
  return typeof r?.app_id === 'string' && typeof r.players === 'number';
}

/** The last ranking read, most played first; null when this device has never read one. */
export async function readPopularApps(source: DataSource): Promise<PopularEntry[] | null> {
  const row = await partsOf(source).db.leaderboards.get(POPULAR_KEY);
  return row === undefined ? null : row.rows.filter(isEntry);
}
