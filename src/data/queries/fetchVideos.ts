import { withAccounts, type VideoCard } from '../creatorCards.ts';
import { failed, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Featured videos first, then the newest: every game's for /yt, or one game's (`appId`) for its game page,
 * which shows fewer. Online only.
 */
export async function fetchVideos(source: DataSource, { appId, limit = appId === undefined ? 60 : 6 }: { appId?: string; limit?: number } = {}): Promise<Result<VideoCard[]>> {
  const { supabase } = partsOf(source);
  try {
    const all = supabase.from('creator_videos').select('*');
    const { data, error } = await (appId === undefined ? all : all.eq('app_id', appId))
      .order('featured', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(limit);
    if (error) return failed(error);
    return await withAccounts(supabase, data);
  } catch (error) {
    return thrown(error);
  }
}
