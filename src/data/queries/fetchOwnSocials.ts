import type { SocialRow } from '../creatorCards.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The creator's own social accounts, oldest first. Online only. */
export async function fetchOwnSocials(source: DataSource, userId: string): Promise<Result<SocialRow[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.from('creator_socials').select('*').eq('user_id', userId).order('id');
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}
