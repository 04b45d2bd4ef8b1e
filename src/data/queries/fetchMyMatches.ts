import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type MyMatchRow = Database['public']['Functions']['get_my_matches']['Returns'][number];

/** The student's games with friends: invites, games going on (their turn first), and the last week's ended ones. Online only. */
export async function fetchMyMatches(source: DataSource): Promise<Result<MyMatchRow[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_my_matches');
    return error ? failed(error) : ok(data ?? []);
  } catch (error) {
    return thrown(error);
  }
}
