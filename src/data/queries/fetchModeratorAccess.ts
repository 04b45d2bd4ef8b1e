import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Whether the signed-in user works the moderation desk (a row in moderators, granted by an operator). Online only. */
export async function fetchModeratorAccess(source: DataSource): Promise<Result<boolean>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('is_moderator');
    return error ? failed(error) : ok(data === true);
  } catch (error) {
    return thrown(error);
  }
}
