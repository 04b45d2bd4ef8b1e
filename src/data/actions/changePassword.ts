import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Sets a new password for the signed-in account (or the recovery session of a reset link). */
export async function changePassword(source: DataSource, password: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.updateUser({ password });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
