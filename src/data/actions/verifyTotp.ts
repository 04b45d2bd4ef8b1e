import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Challenges an authenticator-app factor and answers with its code: the session rises to aal2 (and a new factor is verified). */
export async function verifyTotp(source: DataSource, factorId: string, code: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.mfa.challengeAndVerify({ factorId, code });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
