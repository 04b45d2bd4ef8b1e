import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface TitledPlay {
  app_id: string;
  title: string;
  updated_at: string;
}

/** The 6 most recent plays of a username, as anyone may see them (get_recent_plays); online only. */
export async function fetchRecentPlays(source: DataSource, username: string): Promise<Result<TitledPlay[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_recent_plays', { p_username: username });
    return error ? failed(error) : ok(data ?? []);
  } catch (error) {
    return thrown(error);
  }
}
