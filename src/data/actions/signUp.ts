import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * What a sign-up the server accepted led to: signed in at once (e-mail confirmation off), or a mail
 * to open first. The second is also how the server answers an address that already has an account
 * when it will not say so (hosted Supabase with "Confirm email" on, and the embedded backend).
 */
export type SignUpOutcome = 'signed-in' | 'check-email';

/** Creates an account with e-mail and password; a confirmation mail's link leads to `confirmUrl`. */
export async function signUp(source: DataSource, email: string, password: string, confirmUrl: string): Promise<Result<SignUpOutcome>> {
  try {
    const { data, error } = await partsOf(source).supabase.auth.signUp({ email, password, options: { emailRedirectTo: confirmUrl } });
    if (error) return failed(error);
    return ok(data.session === null ? 'check-email' : 'signed-in');
  } catch (error) {
    return thrown(error);
  }
}
