import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Removes an authenticator app (the server asks for an aal2 session: 'insufficient_aal' otherwise), then
 * takes a new token at once, since the stored session still lists the factor until its next one.
 */
export async function removeTotp(source: DataSource, factorId: string): Promise<Result<null>> {
  const { supabase } = partsOf(source);
  try {
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) return failed(error);
    await supabase.auth.refreshSession();
    return ok(null);
  } catch (error) {
    return thrown(error);
  }
}
