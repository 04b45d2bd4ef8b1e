import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Stores the onboarding answers (where_from, who_from) on the student's profile and in the mirror.
 * Online only: the answers are for the people who run the portal, and nothing waits on them offline.
 */
export async function completeOnboarding(source: DataSource, userId: string, whereFrom: string, whoFrom: string | null): Promise<Result<null>> {
  const { supabase, db } = partsOf(source);
  try {
    const { error } = await supabase.from('my_users').update({ where_from: whereFrom, who_from: whoFrom }).eq('user_id', userId);
    if (error) return failed(error);
  } catch (error) {
    return thrown(error);
  }
  const current = await db.profile.get(userId);
  if (current) await db.profile.put({ ...current, where_from: whereFrom, who_from: whoFrom });
  return ok(null);
}
