import type { SocialRow } from '../creatorCards.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** One of the creator's own accounts; null when the id is not theirs (or not a number). Online only. */
export async function fetchOwnSocial(source: DataSource, userId: string, socialId: number): Promise<Result<SocialRow | null>> {
  try {
    const { data, error } = await partsOf(source).supabase.from('creator_socials').select('*').eq('id', socialId).eq('user_id', userId).maybeSingle();
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}
