import { usernames, type CreatorSummary } from '../creatorCards.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Every approved creator with their accounts, for the creator list. Online only. */
export async function fetchCreators(source: DataSource): Promise<Result<CreatorSummary[]>> {
  const { supabase } = partsOf(source);
  try {
    const creators = await supabase.from('creators').select('user_id').order('granted_at');
    if (creators.error) return failed(creators.error);
    const ids = creators.data.map((c) => c.user_id);
    if (ids.length === 0) return ok([]);
    const socials = await supabase.from('creator_socials').select('*').in('user_id', ids).order('id');
    if (socials.error) return failed(socials.error);
    const names = await usernames(supabase, ids);
    return ok(
      ids.map((userId) => ({
        userId,
        username: names.get(userId)?.username ?? null,
        icon: names.get(userId)?.icon ?? null,
        socials: socials.data.filter((s) => s.user_id === userId),
      })),
    );
  } catch (error) {
    return thrown(error);
  }
}
