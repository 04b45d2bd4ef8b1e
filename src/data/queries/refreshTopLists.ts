// The leaderboard's four top lists. Each list is mirrored into Dexie `leaderboards` (see ../leaderboards.ts)
// and the whole snapshot into the spec's `_dlq` cache, whose TTL decides when the server is asked again.
import { LEADERBOARD_CACHE_VERSION, readCached, writeCached } from '../cache.ts';
import { TOP_LIST_NAMES, type TopListName, type TopRow } from '../leaderboards.ts';
import { putLeaderboard } from '../mirror.ts';
import { partsOf, type DataSource } from '../source.ts';
import type { PortalSupabase } from '../../backend/supabase.ts';
import { weekStartUtc } from '../../domain/weekStart.ts';

export const TOP_LIMIT = 5;
/** How long a snapshot is fresh enough not to ask again (the cache counts in days). */
export const LEADERBOARD_TTL_DAYS = 5 / (24 * 60);
export const LEADERBOARD_CACHE_KEY = 'leaderboard';

/** Where "Dabloons this week" starts counting: this week's Monday 00:00 UTC, a whole period the server takes. */
export function weekStart(now: Date): string {
  return weekStartUtc(now).toISOString();
}

interface RpcAnswer<T> {
  data: T[] | null;
  error: { message: string } | null;
}

function rows<T>(answer: RpcAnswer<T>, pick: (row: T) => TopRow): TopRow[] {
  if (answer.error) throw new Error(answer.error.message);
  return (answer.data ?? []).map(pick).slice(0, TOP_LIMIT);
}

async function fetchTopList(supabase: PortalSupabase, name: TopListName, now: Date): Promise<TopRow[]> {
  switch (name) {
    case 'topStreaks':
      return rows(await supabase.rpc('get_top_streaks'), (r) => ({ user_id: r.user_id, username: r.username, icon: r.icon, value: r.current_streak }));
    case 'topTimeSpent':
      return rows(await supabase.rpc('get_top_time_spent'), (r) => ({ user_id: r.user_id, username: r.username, icon: r.icon, value: r.time_spent }));
    case 'topAppsPlayed':
      return rows(await supabase.rpc('get_apps_played_by_user'), (r) => ({ user_id: r.user_id, username: r.username, icon: r.icon, value: r.apps_played }));
    case 'topCoinsThisWeek':
      return rows(await supabase.rpc('get_coins_gained', { start_date: weekStart(now) }), (r) => ({
        user_id: r.user_id,
        username: r.username,
        icon: r.icon,
        value: Number(r.amount),
      }));
  }
}

export interface RefreshTopListsOptions {
  now?: Date;
  /** Ask the server even when the cached snapshot is fresh. */
  force?: boolean;
  onList?: (name: TopListName, phase: 'start' | 'done') => void;
}

/**
 * Reads the four top lists unless the `_dlq` snapshot is still fresh (then false). A list that fails
 * keeps its last mirrored rows; the error of the first failure is thrown after the others have been stored.
 */
export async function refreshTopLists(source: DataSource, options: RefreshTopListsOptions = {}): Promise<boolean> {
  const { supabase, db } = partsOf(source);
  const now = options.now ?? new Date();
  if (!options.force) {
    const cached = await readCached<unknown>(db, LEADERBOARD_CACHE_KEY, LEADERBOARD_CACHE_VERSION, LEADERBOARD_TTL_DAYS, { now: now.getTime() });
    if (cached?.fresh) return false;
  }
  const snapshot: Partial<Record<TopListName, TopRow[]>> = {};
  const results = await Promise.allSettled(
    TOP_LIST_NAMES.map(async (name) => {
      options.onList?.(name, 'start');
      try {
        const list = await fetchTopList(supabase, name, now);
        snapshot[name] = list;
        await putLeaderboard(db, name, list, now.getTime());
      } finally {
        options.onList?.(name, 'done');
      }
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  await writeCached(db, LEADERBOARD_CACHE_KEY, LEADERBOARD_CACHE_VERSION, snapshot, { now: now.getTime() });
  return true;
}
