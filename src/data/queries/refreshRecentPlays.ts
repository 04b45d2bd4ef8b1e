import { mergePlays, RECENT_PLAYS_LIMIT } from '../../domain/recentPlays.ts';
import { putLeaderboard } from '../mirror.ts';
import { readPlays, recentKey } from '../recentPlays.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * The server's apps_played rows of this user, newest first, merged with the plays it has not recorded
 * yet. A refused or failed read leaves the device's list as it was (it is still right to show).
 */
export async function refreshRecentPlays(source: DataSource, userId: string): Promise<void> {
  const { supabase, db } = partsOf(source);
  const { data, error } = await supabase
    .from('apps_played')
    .select('app_id, updated_at')
    .eq('user_id', userId)
    .order('updated_at', { ascending: false })
    .limit(RECENT_PLAYS_LIMIT);
  if (error || data === null) return;
  await db.transaction('rw', db.leaderboards, async () => {
    await putLeaderboard(db, recentKey(userId), mergePlays(data, await readPlays(db, userId)));
  });
}
