import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Has the server make the signed-in student's profile if they have none (ensure_profile: a random
 * short username and the default icon); a profile that exists is left as it is.
 */
export async function createProfile(source: DataSource): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.rpc('ensure_profile');
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
