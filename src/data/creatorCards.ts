// Creator accounts and videos as the public pages show them: each video with whose account it is.
import type { Tables } from '../backend/database.types.ts';
import type { PortalSupabase } from '../backend/supabase.ts';
import { ok, type Result } from './result.ts';

export type SocialRow = Tables<'creator_socials'>;
export type VideoRow = Tables<'creator_videos'>;

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

export async function usernames(supabase: PortalSupabase, userIds: string[]): Promise<Map<string, { username: string | null; icon: string | null }>> {
  const names = new Map<string, { username: string | null; icon: string | null }>();
  if (userIds.length === 0) return names;
  const { data } = await supabase.from('public_profiles').select('user_id, username, icon').in('user_id', userIds);
  for (const row of data ?? []) if (row.user_id) names.set(row.user_id, { username: row.username, icon: row.icon });
  return names;
}

/** The videos with their account's platform, handle and owner's username; videos of unknown accounts are left out. */
export async function withAccounts(supabase: PortalSupabase, videos: VideoRow[]): Promise<Result<VideoCard[]>> {
  const socialIds = [...new Set(videos.map((v) => v.social_id))];
  if (socialIds.length === 0) return ok([]);
  const socials = await supabase.from('creator_socials').select('*').in('id', socialIds);
  if (socials.error) return { data: null, error: socials.error };
  const byId = new Map(socials.data.map((s) => [s.id, s]));
  const names = await usernames(supabase, [...new Set(socials.data.map((s) => s.user_id))]);
  return ok(
    videos.flatMap((video) => {
      const social = byId.get(video.social_id);
      if (!social) return [];
      return [{ ...video, platform: social.platform, handle: social.handle, username: names.get(social.user_id)?.username ?? null }];
    }),
  );
}
