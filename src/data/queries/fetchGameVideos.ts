import { withAccounts, type VideoCard } from '../creatorCards.ts';
import { failed, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The videos about one game, featured first, then the newest, for its game page. Online only. */
export async function fetchGameVideos(source: DataSource, appId: string, limit = 6): Promise<Result<VideoCard[]>> {
  const { supabase } = partsOf(source);
  try {
    const { data, error } = await supabase
      .from('creator_videos')
      .select('*')
      .eq('app_id', appId)
      .order('featured', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(limit);
    if (error) return failed(error);
    return await withAccounts(supabase, data);
  } catch (error) {
    return thrown(error);
  }
}
