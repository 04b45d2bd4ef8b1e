import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Puts up to 3 of the student's unlocks on their shelf, in this order (an empty list clears it). Online only. */
export async function setBadgeShelf(source: DataSource, unlockIds: readonly number[]): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.rpc('set_badge_shelf', { p_unlock_ids: [...unlockIds] });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
