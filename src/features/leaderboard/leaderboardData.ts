import type { PortalSupabase } from '../../backend/supabase.ts';
import { LEADERBOARD_CACHE_VERSION, readCached, writeCached } from '../../data/cache.ts';
import type { PortalDB } from '../../data/db.ts';
import { putLeaderboard } from '../../data/mirror.ts';

/**
 * The leaderboard's server reads. Each list is mirrored into Dexie `leaderboards` (with the time it
 * was read, so the page can say how old it is when offline) and the whole snapshot into the spec's
 * `_dlq` cache, whose TTL decides when the server is asked again.
 */

export const TOP_LIMIT = 5;
export const COINS_WEEK_DAYS = 7;
/** How long a snapshot is fresh enough not to ask again (the cache counts in days). */
export const LEADERBOARD_TTL_DAYS = 5 / (24 * 60);
export const LEADERBOARD_CACHE_KEY = 'leaderboard';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TopRow {
  user_id: string;
  username: string;
  icon: string | null;
  value: number;
}

/** The four top lists; `name` is also the spec's loading label and the Dexie key. */
export type TopListName = 'topStreaks' | 'topTimeSpent' | 'topAppsPlayed' | 'topCoinsThisWeek';

export interface TopList {
  name: TopListName;
  title: string;
  /** How a value reads: '12 days'. */
  unit: (value: number) => string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const TOP_LISTS: readonly TopList[] = [
  { name: 'topStreaks', title: 'Top streaks', unit: (n) => plural(n, 'day', 'days') },
  { name: 'topTimeSpent', title: 'Most time played', unit: (n) => plural(n, 'minute', 'minutes') },
  { name: 'topAppsPlayed', title: 'Most games played', unit: (n) => plural(n, 'game', 'games') },
  { name: 'topCoinsThisWeek', title: 'Most Dabloons this week', unit: (n) => plural(n, 'Dabloon', 'Dabloons') },
];

export function weekStart(now: Date): string {
  return new Date(now.getTime() - COINS_WEEK_DAYS * DAY_MS).toISOString();
}

interface RpcAnswer<T> {
  data: T[] | null;
  error: { message: string } | null;
}

function rows<T>(answer: RpcAnswer<T>, pick: (row: T) => TopRow): TopRow[] {
  if (answer.error) throw new Error(answer.error.message);
  return (answer.data ?? []).map(pick).slice(0, TOP_LIMIT);
}

export async function fetchTopList(supabase: PortalSupabase, name: TopListName, now: Date): Promise<TopRow[]> {
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

export interface Standing {
  user_id: string;
  username: string;
  current_streak: number;
  time_spent: number;
  apps_played: number;
  streak_rank: number;
  time_spent_rank: number;
  apps_played_rank: number;
}

export function standingKey(userId: string): string {
  return `standing:${userId}`;
}

export function highScoresKey(appId: string): string {
  return `high_scores:${appId}`;
}

export interface HighScoreRow {
  user_id: string;
  username: string;
  icon: string | null;
  score: number;
  submission_id: number;
  created_at: string;
}

/** One game's high scores, best first, mirrored into Dexie. */
export async function refreshHighScores(db: PortalDB, supabase: PortalSupabase, appId: string): Promise<void> {
  const { data, error } = await supabase.rpc('get_app_high_scores', { p_app_id: appId });
  if (error) throw new Error(error.message);
  await putLeaderboard(db, highScoresKey(appId), data ?? []);
}

/** The signed-in student's own row and ranks; null when they have no profile yet. */
export async function refreshStanding(db: PortalDB, supabase: PortalSupabase, userId: string): Promise<void> {
  const { data, error } = await supabase.rpc('get_leaderboard_data', { target_user_id: userId });
  if (error) throw new Error(error.message);
  await putLeaderboard(db, standingKey(userId), data ?? []);
}

export interface RefreshOptions {
  now?: Date;
  /** Ask the server even when the cached snapshot is fresh. */
  force?: boolean;
  onList?: (name: TopListName, phase: 'start' | 'done') => void;
}

/**
 * Reads the four top lists unless the `_dlq` snapshot is still fresh. A list that fails keeps its last
 * mirrored rows; the error of the first failure is thrown after the others have been stored.
 */
export async function refreshTopLists(db: PortalDB, supabase: PortalSupabase, options: RefreshOptions = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  if (!options.force) {
    const cached = await readCached<unknown>(db, LEADERBOARD_CACHE_KEY, LEADERBOARD_CACHE_VERSION, LEADERBOARD_TTL_DAYS, { now: now.getTime() });
    if (cached?.fresh) return false;
  }
  const snapshot: Partial<Record<TopListName, TopRow[]>> = {};
  const results = await Promise.allSettled(
    TOP_LISTS.map(async ({ name }) => {
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

/** "updated 3 minutes ago" for a snapshot read at `fetchedAt`. */
export function describeAge(fetchedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - fetchedAt) / 60_000);
  if (minutes < 1) return 'updated just now';
  if (minutes < 60) return `updated ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `updated ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `updated ${days} day${days === 1 ? '' : 's'} ago`;
}
