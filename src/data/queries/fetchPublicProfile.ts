import { publicShownProfile, type ShownProfile } from '../../domain/shownProfile.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Anyone's public profile by username (public_profiles); null when no student has that name. Online only. */
export async function fetchPublicProfile(source: DataSource, username: string, now: Date = new Date()): Promise<Result<ShownProfile | null>> {
  try {
    const { data, error } = await partsOf(source)
      .supabase.from('public_profiles')
      .select('username, icon, created_at, current_streak, longest_streak, apps_played, time_spent, user_about, badges')
      .eq('username', username)
      .maybeSingle();
    if (error) return failed(error);
    return ok(data ? publicShownProfile(data, username, now) : null);
  } catch (error) {
    return thrown(error);
  }
}
