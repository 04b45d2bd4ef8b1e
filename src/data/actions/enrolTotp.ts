import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface TotpEnrolment {
  factorId: string;
  /** The shared secret, for typing into the app by hand. */
  secret: string;
  /** The otpauth:// URI a QR code carries. */
  uri: string;
}

export const NO_TOTP_SECRET = 'The server did not return an authenticator secret.';

/** Starts adding an authenticator app: an unverified factor, finished by verifyTotp with the app's first code. */
export async function enrolTotp(source: DataSource): Promise<Result<TotpEnrolment>> {
  try {
    const { data, error } = await partsOf(source).supabase.auth.mfa.enroll({ factorType: 'totp' });
    if (error) return failed(error);
    if (data.type !== 'totp') return failed({ message: NO_TOTP_SECRET });
    return ok({ factorId: data.id, secret: data.totp.secret, uri: data.totp.uri });
  } catch (error) {
    return thrown(error);
  }
}
