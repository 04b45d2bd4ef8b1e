import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Creates an account with e-mail and password (signed in at once where e-mail confirmation is off). */
export async function signUp(source: DataSource, email: string, password: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.signUp({ email, password });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
