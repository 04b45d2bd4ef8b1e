import type { PopularEntry } from '../../domain/homeRows.ts';
import { putLeaderboard } from '../mirror.ts';
import { POPULAR_FETCH_LIMIT, POPULAR_KEY } from '../popularApps.ts';
import { takeFirstPopularApps } from '../firstRead.ts';
import { partsOf, type DataParts, type DataSource } from '../source.ts';

async function readServer(supabase: DataParts['supabase']): Promise<PopularEntry[]> {
  const { data, error } = await supabase.rpc('get_popular_apps', { p_limit: POPULAR_FETCH_LIMIT });
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({ app_id: row.app_id, players: Number(row.players) }));
}

/**
 * Reads the week's ranking into Dexie (the page's first read of it when there was one: firstRead.ts),
 * and answers it. A failed read throws and leaves the last ranking as it was: still the best there is
 * to show offline.
 */
export async function refreshPopularApps(source: DataSource): Promise<PopularEntry[]> {
  const { supabase, db } = partsOf(source);
  const rows = (await takeFirstPopularApps()) ?? (await readServer(supabase));
  await putLeaderboard(db, POPULAR_KEY, rows);
  return rows;
}
