import { partsOf, type DataSource } from '../source.ts';

/** Who the client's current session belongs to, as supabase-js holds it; null with no session. */
export async function fetchSignedInUserId(source: DataSource): Promise<string | null> {
  return (await partsOf(source).supabase.auth.getSession()).data.session?.user.id ?? null;
}
