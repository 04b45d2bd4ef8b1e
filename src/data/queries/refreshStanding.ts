import { standingKey } from '../leaderboards.ts';
import { putLeaderboard } from '../mirror.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The signed-in student's own row and ranks (get_leaderboard_data), mirrored; no rows when they have no profile yet. */
export async function refreshStanding(source: DataSource, userId: string): Promise<void> {
  const { supabase, db } = partsOf(source);
  const { data, error } = await supabase.rpc('get_leaderboard_data', { target_user_id: userId });
  if (error) throw new Error(error.message);
  await putLeaderboard(db, standingKey(userId), data ?? []);
}
