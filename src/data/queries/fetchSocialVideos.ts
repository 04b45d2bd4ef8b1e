import type { VideoRow } from '../creatorCards.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The videos of one social account, newest first. Online only. */
export async function fetchSocialVideos(source: DataSource, socialId: number): Promise<Result<VideoRow[]>> {
  try {
    const { data, error } = await partsOf(source)
      .supabase.from('creator_videos')
      .select('*')
      .eq('social_id', socialId)
      .order('created_at', { ascending: false });
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}
