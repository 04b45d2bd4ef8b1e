import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Asks for a new confirmation mail for an account not yet confirmed, its link leading to `confirmUrl`.
 * The answer is the same whether or not an account uses the address, so it reveals nothing.
 */
export async function resendConfirmation(source: DataSource, email: string, confirmUrl: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: confirmUrl } });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
