import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Signs in with the 6-digit code of a password-reset mail, for a student who reads the mail on another
 * device than the one they reset on; the change-password page takes it from there. A wrong or expired
 * code signs nobody in, and after a few wrong ones the mail's code and link stop working.
 */
export async function verifyRecoveryCode(source: DataSource, email: string, code: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.verifyOtp({ email, token: code, type: 'recovery' });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
