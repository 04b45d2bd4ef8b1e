import type { PopularEntry } from '../../domain/homeRows.ts';
import { putLeaderboard } from '../mirror.ts';
import { POPULAR_FETCH_LIMIT, POPULAR_KEY } from '../popularApps.ts';
import { takeFirstPopularApps } from '../firstRead.ts';
import { REFRESH_EVERY_MS } from './refreshCatalogue.ts';
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

// One read per page load and interval, shared by the home page and the player.
let lastRefresh: { at: number; done: Promise<PopularEntry[] | null> } | null = null;

/** refreshPopularApps at most once per REFRESH_EVERY_MS, however many pages ask; null when it could not read. */
export function sharedRefreshPopularApps(source: DataSource): Promise<PopularEntry[] | null> {
  const now = Date.now();
  if (lastRefresh && now - lastRefresh.at < REFRESH_EVERY_MS) return lastRefresh.done;
  const done = refreshPopularApps(source).catch(() => {
    // Offline or refused: the ranking on this device stays, and the next visit asks again.
    lastRefresh = null;
    return null;
  });
  lastRefresh = { at: now, done };
  return done;
}
