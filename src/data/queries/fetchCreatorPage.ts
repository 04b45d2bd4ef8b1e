import { withAccounts, type CreatorSummary, type VideoCard, type VideoRow } from '../creatorCards.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface CreatorPage {
  creator: CreatorSummary;
  videos: VideoCard[];
}

/** One creator's public page by username: null when that user is not a creator. Online only. */
export async function fetchCreatorPage(source: DataSource, username: string): Promise<Result<CreatorPage | null>> {
  const { supabase } = partsOf(source);
  try {
    const profile = await supabase.from('public_profiles').select('user_id, username, icon').eq('username', username).maybeSingle();
    if (profile.error) return failed(profile.error);
    const userId = profile.data?.user_id;
    if (!userId) return ok(null);
    const creator = await supabase.from('creators').select('user_id').eq('user_id', userId).maybeSingle();
    if (creator.error) return failed(creator.error);
    if (creator.data === null) return ok(null);
    const socials = await supabase.from('creator_socials').select('*').eq('user_id', userId).order('id');
    if (socials.error) return failed(socials.error);
    const socialIds = socials.data.map((s) => s.id);
    const videos =
      socialIds.length === 0
        ? { data: [] as VideoRow[], error: null }
        : await supabase.from('creator_videos').select('*').in('social_id', socialIds).order('featured', { ascending: false }).order('created_at', { ascending: false });
    if (videos.error) return failed(videos.error);
    const cards = await withAccounts(supabase, videos.data);
    if (cards.error) return failed(cards.error);
    return ok({
      creator: { userId, username: profile.data?.username ?? null, icon: profile.data?.icon ?? null, socials: socials.data },
      videos: cards.data,
    });
  } catch (error) {
    return thrown(error);
  }
}
