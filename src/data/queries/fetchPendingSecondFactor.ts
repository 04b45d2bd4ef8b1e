import { partsOf, type DataSource } from '../source.ts';

/** The factor to ask a code for when the account has a verified second factor this session has not been checked with yet; else null. */
export async function fetchPendingSecondFactor(source: DataSource): Promise<string | null> {
  const { supabase } = partsOf(source);
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (!data || data.currentLevel === data.nextLevel || data.nextLevel !== 'aal2') return null;
  const factors = await supabase.auth.mfa.listFactors();
  return factors.data?.totp[0]?.id ?? null;
}
