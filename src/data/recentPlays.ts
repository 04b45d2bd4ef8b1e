// The games a student (or this device, signed out) played last, kept beside the leaderboards in Dexie:
// a small per-user list with the time it was read. A play shows here at once, before the server has it.
import { withPlay, type RecentPlay } from '../domain/recentPlays.ts';
import { DEVICE_USER } from './favourites.ts';
import { putLeaderboard } from './mirror.ts';
import { partsOf, type DataSource } from './source.ts';
import type { PortalDB } from '../store/db.ts';

export function recentKey(userId: string): string {
  return `apps_played:${userId}`;
}

function isRecentPlay(row: unknown): row is RecentPlay {
  const r = row as Partial<RecentPlay> | null;
  return typeof r?.app_id === 'string' && typeof r.updated_at === 'string';
}

export async function readPlays(db: PortalDB, userId: string): Promise<RecentPlay[]> {
  const row = await db.leaderboards.get(recentKey(userId));
  return (row?.rows ?? []).filter(isRecentPlay);
}

/** Ids of the apps this user (or this device, with null) played last, newest first. */
export async function readRecentlyPlayed(source: DataSource, userId: string | null): Promise<string[]> {
  return (await readPlays(partsOf(source).db, userId ?? DEVICE_USER)).map((play) => play.app_id);
}

/** Shows a game as played at once, before the server has heard of it (or with nobody signed in). */
export async function notePlayed(source: DataSource, userId: string | null, appId: string, now: Date = new Date()): Promise<void> {
  const { db } = partsOf(source);
  const owner = userId ?? DEVICE_USER;
  await db.transaction('rw', db.leaderboards, async () => {
    await putLeaderboard(db, recentKey(owner), withPlay(await readPlays(db, owner), appId, now.toISOString()), now.getTime());
  });
}
