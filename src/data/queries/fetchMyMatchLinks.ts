import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type MyMatchLinkRow = Database['public']['Functions']['get_my_match_links']['Returns'][number];

/** The student's game links nobody took yet, newest first. Online only. */
export async function fetchMyMatchLinks(source: DataSource): Promise<Result<MyMatchLinkRow[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_my_match_links');
    return error ? failed(error) : ok(data ?? []);
  } catch (error) {
    return thrown(error);
  }
}
