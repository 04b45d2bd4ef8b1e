import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';
import type { OwnScore } from '../queries/fetchOwnScores.ts';

/**
 * Withdraws one of the student's own scores and its proof. The proof goes first, through the Storage
 * API (the only way a stored object is deleted, with its bytes): the database keeps a submission whose
 * proof is stored, so the row can only follow. Online only; a failure leaves the score as it was,
 * or without its proof, in which case trying again finishes the job.
 */
export async function withdrawScore(source: DataSource, score: Pick<OwnScore, 'id' | 'proof'>): Promise<Result<null>> {
  try {
    const { supabase } = partsOf(source);
    if (score.proof !== null) {
      const removed = await supabase.storage.from('submissions').remove([score.proof]);
      if (removed.error) return failed(removed.error);
    }
    const { error } = await supabase.rpc('delete_score_submission', { p_id: score.id });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
