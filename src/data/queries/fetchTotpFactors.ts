import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface TotpFactor {
  id: string;
  created_at: string;
}

/** The account's verified authenticator apps. */
export async function fetchTotpFactors(source: DataSource): Promise<Result<TotpFactor[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.auth.mfa.listFactors();
    return error ? failed(error) : ok(data.totp.map((factor) => ({ id: factor.id, created_at: factor.created_at })));
  } catch (error) {
    return thrown(error);
  }
}
