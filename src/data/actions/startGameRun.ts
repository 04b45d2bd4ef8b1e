import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Tells the server that a run of a game began, so its clock bounds the play a score of the run can claim
 * (start_game_run). Online only and never queued: arriving late, it would make real play look too long.
 */
export async function startGameRun(source: DataSource, appId: string, runId: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.rpc('start_game_run', { p_app_id: appId, p_run_id: runId });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
