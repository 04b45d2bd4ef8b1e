import type { PortalSupabase } from '../../backend/supabase.ts';
import type { SocialRow, VideoRow } from './creatorData.ts';

/** A video as the public pages show it, with whose account it is. */
export interface VideoCard extends VideoRow {
  platform: string;
  handle: string;
  username: string | null;
}

export interface CreatorSummary {
  userId: string;
  username: string | null;
  icon: string | null;
  socials: SocialRow[];
}

type Result<T> = { data: T; error: null } | { data: null; error: { message: string } };

async function usernames(supabase: PortalSupabase, userIds: string[]): Promise<Map<string, { username: string | null; icon: string | null }>> {
  const names = new Map<string, { username: string | null; icon: string | null }>();
  if (userIds.length === 0) return names;
  const { data } = await supabase.from('public_profiles').select('user_id, username, icon').in('user_id', userIds);
  for (const row of data ?? []) if (row.user_id) names.set(row.user_id, { username: row.username, icon: row.icon });
  return names;
}

async function withAccounts(supabase: PortalSupabase, videos: VideoRow[]): Promise<Result<VideoCard[]>> {
  const socialIds = [...new Set(videos.map((v) => v.social_id))];
  if (socialIds.length === 0) return { data: [], error: null };
  const socials = await supabase.from('creator_socials').select('*').in('id', socialIds);
  if (socials.error) return { data: null, error: socials.error };
  const byId = new Map(socials.data.map((s) => [s.id, s]));
  const names = await usernames(supabase, [...new Set(socials.data.map((s) => s.user_id))]);
  return {
    data: videos.flatMap((video) => {
      const social = byId.get(video.social_id);
      if (!social) return [];
      return [{ ...video, platform: social.platform, handle: social.handle, username: names.get(social.user_id)?.username ?? null }];
    }),
    error: null,
  };
}

/** Featured videos first, then the newest, for /yt. */
export async function listVideos(supabase: PortalSupabase, limit = 60): Promise<Result<VideoCard[]>> {
  const { data, error } = await supabase
    .from('creator_videos')
    .select('*')
    .order('featured', { ascending: false })
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) return { data: null, error };
  return withAccounts(supabase, data);
}

/** Every approved creator with their accounts, for the creator list. */
export async function listCreators(supabase: PortalSupabase): Promise<Result<CreatorSummary[]>> {
  const creators = await supabase.from('creators').select('user_id').order('granted_at');
  if (creators.error) return { data: null, error: creators.error };
  const ids = creators.data.map((c) => c.user_id);
  if (ids.length === 0) return { data: [], error: null };
  const socials = await supabase.from('creator_socials').select('*').in('user_id', ids).order('id');
  if (socials.error) return { data: null, error: socials.error };
  const names = await usernames(supabase, ids);
  return {
    data: ids.map((userId) => ({
      userId,
      username: names.get(userId)?.username ?? null,
      icon: names.get(userId)?.icon ?? null,
      socials: socials.data.filter((s) => s.user_id === userId),
    })),
    error: null,
  };
}

/** One creator's public page by username: null when that user is not a creator. */
export async function creatorByUsername(
  supabase: PortalSupabase,
  username: string,
): Promise<Result<{ creator: CreatorSummary; videos: VideoCard[] } | null>> {
  const profile = await supabase.from('public_profiles').select('user_id, username, icon').eq('username', username).maybeSingle();
  if (profile.error) return { data: null, error: profile.error };
  const userId = profile.data?.user_id;
  if (!userId) return { data: null, error: null } as Result<null>;
  const creator = await supabase.from('creators').select('user_id').eq('user_id', userId).maybeSingle();
  if (creator.error) return { data: null, error: creator.error };
  if (creator.data === null) return { data: null, error: null } as Result<null>;
  const socials = await supabase.from('creator_socials').select('*').eq('user_id', userId).order('id');
  if (socials.error) return { data: null, error: socials.error };
  const socialIds = socials.data.map((s) => s.id);
  const videos =
    socialIds.length === 0
      ? { data: [] as VideoRow[], error: null }
      : await supabase.from('creator_videos').select('*').in('social_id', socialIds).order('featured', { ascending: false }).order('created_at', { ascending: false });
  if (videos.error) return { data: null, error: videos.error };
  const cards = await withAccounts(supabase, videos.data);
  if (cards.error) return { data: null, error: cards.error };
  return {
    data: { creator: { userId, username: profile.data?.username ?? null, icon: profile.data?.icon ?? null, socials: socials.data }, videos: cards.data },
    error: null,
  };
}
