import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Whether the signed-in user may use the creator tools (a row in creators, granted by an operator or a moderator). Online only. */
export async function fetchCreatorAccess(source: DataSource): Promise<Result<boolean>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('is_creator');
    return error ? failed(error) : ok(data === true);
  } catch (error) {
    return thrown(error);
  }
}
