import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Asks for a password-reset mail whose link leads to `redirectTo` (the change-password page). The
 * answer is the same whether or not an account uses the address, so it reveals nothing.
 */
export async function requestPasswordReset(source: DataSource, email: string, redirectTo: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.resetPasswordForEmail(email, { redirectTo });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
