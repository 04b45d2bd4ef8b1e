import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Tells the server that a run of a game began, so its clock bounds the play a score of the run can claim
 * (start_game_run). Online only and never queued: arriving late, the server's clock would vouch for less
 * play than there was. A run played with no network is told of later, through the outbox, only when an
 * achievement was unlocked in it (note_offline_game_run, src/state/player/gameLink.ts).
 */
export async function startGameRun(source: DataSource, appId: string, runId: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.rpc('start_game_run', { p_app_id: appId, p_run_id: runId });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
