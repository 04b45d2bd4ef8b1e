import type { PopularEntry } from '../../domain/homeRows.ts';
import { putLeaderboard } from '../mirror.ts';
import { POPULAR_KEY } from '../popularApps.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Enough for a home row and "Play next" with some of the ranking's games not in this device's list. */
export const POPULAR_FETCH_LIMIT = 20;

/**
 * Reads the week's ranking into Dexie, and answers it. A failed read throws and leaves the last
 * ranking as it was: still the best there is to show offline.
 */
export async function refreshPopularApps(source: DataSource): Promise<PopularEntry[]> {
  const { supabase, db } = partsOf(source);
  const { data, error } = await supabase.rpc('get_popular_apps', { p_limit: POPULAR_FETCH_LIMIT });
  if (error) throw new Error(error.message);
  const rows: PopularEntry[] = (data ?? []).map((row) => ({ app_id: row.app_id, players: Number(row.players) }));
  await putLeaderboard(db, POPULAR_KEY, rows);
  return rows;
}
