import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * The students this student blocked (issue 28): the chat drops their live announcements and any of their
 * messages the device kept from before the block. The server's read leaves them out already. Online only.
 */
export async function fetchBlockedIds(source: DataSource): Promise<Result<string[]>> {
  try {
    const { supabase } = partsOf(source);
    const { data, error } = await supabase.rpc('get_classmates');
    if (error) return failed(error);
    return ok((data ?? []).filter((row) => row.relation === 'blocked').map((row) => row.user_id));
  } catch (error) {
    return thrown(error);
  }
}
