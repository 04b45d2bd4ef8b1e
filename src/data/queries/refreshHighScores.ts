import { highScoresKey } from '../leaderboards.ts';
import { putLeaderboard } from '../mirror.ts';
import { partsOf, type DataSource } from '../source.ts';

/** One game's high scores, best first, mirrored. */
export async function refreshHighScores(source: DataSource, appId: string): Promise<void> {
  const { supabase, db } = partsOf(source);
  const { data, error } = await supabase.rpc('get_app_high_scores', { p_app_id: appId });
  if (error) throw new Error(error.message);
  await putLeaderboard(db, highScoresKey(appId), data ?? []);
}
