import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { usePortal } from '../../app/portal.tsx';
import type { PortalSupabase } from '../../backend/supabase.ts';
import { putLeaderboard } from '../../data/mirror.ts';
import type { PortalDB } from '../../data/db.ts';
import { DEVICE_USER } from './favourites.ts';

/** The spec's "recent plays": 6, newest first. */
export const RECENT_PLAYS_LIMIT = 6;

export interface RecentPlay {
  app_id: string;
  updated_at: string;
}

/** Kept beside the leaderboards in Dexie: a small per-user list with the time it was read. */
export function recentKey(userId: string): string {
  return `apps_played:${userId}`;
}

function isRecentPlay(row: unknown): row is RecentPlay {
  const r = row as Partial<RecentPlay> | null;
  return typeof r?.app_id === 'string' && typeof r.updated_at === 'string';
}

/** `plays` with `appId` moved to the front, stamped `at`, at most RECENT_PLAYS_LIMIT long. */
export function withPlay(plays: readonly RecentPlay[], appId: string, at: string): RecentPlay[] {
  return [{ app_id: appId, updated_at: at }, ...plays.filter((p) => p.app_id !== appId)].slice(0, RECENT_PLAYS_LIMIT);
}

async function readPlays(db: PortalDB, userId: string): Promise<RecentPlay[]> {
  const row = await db.leaderboards.get(recentKey(userId));
  return (row?.rows ?? []).filter(isRecentPlay);
}

/** Shows a game as played at once, before the server has heard of it (or with nobody signed in). */
export async function notePlayed(db: PortalDB, userId: string | null, appId: string, now: Date = new Date()): Promise<void> {
  const owner = userId ?? DEVICE_USER;
  await db.transaction('rw', db.leaderboards, async () => {
    await putLeaderboard(db, recentKey(owner), withPlay(await readPlays(db, owner), appId, now.toISOString()), now.getTime());
  });
}

/** The server's apps_played rows of this user, newest first, merged with plays it has not recorded yet. */
async function refreshPlays(db: PortalDB, supabase: PortalSupabase, userId: string): Promise<void> {
  const { data, error } = await supabase
    .from('apps_played')
    .select('app_id, updated_at')
    .eq('user_id', userId)
    .order('updated_at', { ascending: false })
    .limit(RECENT_PLAYS_LIMIT);
  if (error || data === null) return;
  await db.transaction('rw', db.leaderboards, async () => {
    const local = await readPlays(db, userId);
    const merged = [...data, ...local]
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
      .filter((play, i, all) => all.findIndex((p) => p.app_id === play.app_id) === i)
      .slice(0, RECENT_PLAYS_LIMIT);
    await putLeaderboard(db, recentKey(userId), merged);
  });
}

/** Ids of the apps this user (or this device, signed out) played last, newest first. */
export function useRecentlyPlayed(): string[] {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? null;
  const db = runtime?.db ?? null;
  useEffect(() => {
    if (runtime === null || userId === null || !navigator.onLine) return;
    // Offline or refused, the list on this device is still right to show.
    refreshPlays(runtime.db, runtime.supabase, userId).catch(() => undefined);
  }, [runtime, userId]);
  const plays = useLiveQuery(async () => (db === null ? [] : readPlays(db, userId ?? DEVICE_USER)), [db, userId]);
  return (plays ?? []).map((p) => p.app_id);
}
