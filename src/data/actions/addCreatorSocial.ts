import { normalizeHandle } from '../../domain/creatorSocial.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Adds a social account to the creator's own; the handle is stored without its @. Online only. */
export async function addCreatorSocial(source: DataSource, userId: string, platform: string, handle: string): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.from('creator_socials').insert({ user_id: userId, platform, handle: normalizeHandle(handle) });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
