import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Signs in with e-mail and password; the session then reaches the app through the auth listener. */
export async function signIn(source: DataSource, email: string, password: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.signInWithPassword({ email, password });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
