import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface OwnScore {
  id: number;
  score: number;
  created_at: string;
  /** The proof image's object name in the submissions bucket, or null while none is stored. */
  proof: string | null;
  /** The moderation desk's verdict on the proof. */
  review: 'pending' | 'approved' | 'rejected';
}

const REVIEWS: readonly OwnScore['review'][] = ['pending', 'approved', 'rejected'];

/** The signed-in student's own submissions for one app, best first, with their proofs. Online only. */
export async function fetchOwnScores(source: DataSource, appId: string): Promise<Result<OwnScore[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_own_scores', { p_app_id: appId });
    if (error) return failed(error);
    // The generated type cannot say the proof column may be null; it is while no proof is stored.
    return ok(
      data.map((row) => ({
        id: row.id,
        score: row.score,
        created_at: row.created_at,
        proof: (row.proof as string | null) ?? null,
        // A check constraint keeps it to these three; anything else is treated as not reviewed.
        review: REVIEWS.find((review) => review === row.review) ?? 'pending',
      })),
    );
  } catch (error) {
    return thrown(error);
  }
}
