import { withAccounts, type VideoCard } from '../creatorCards.ts';
import { failed, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Featured videos first, then the newest, for /yt. Online only. */
export async function fetchVideos(source: DataSource, limit = 60): Promise<Result<VideoCard[]>> {
  const { supabase } = partsOf(source);
  try {
    const { data, error } = await supabase
      .from('creator_videos')
      .select('*')
      .order('featured', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(limit);
    if (error) return failed(error);
    return await withAccounts(supabase, data);
  } catch (error) {
    return thrown(error);
  }
}
