import type { VideoRow } from '../creatorCards.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** One video of one social account; null when that account has no such video. Online only. */
export async function fetchSocialVideo(source: DataSource, socialId: number, videoId: number): Promise<Result<VideoRow | null>> {
  try {
    const { data, error } = await partsOf(source).supabase.from('creator_videos').select('*').eq('id', videoId).eq('social_id', socialId).maybeSingle();
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}
