import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Withdraws the student's waiting creator application; resolves to its id. It still counts towards
 * the limit of applications in 30 days. Refused when a moderator decided on it first. Online only.
 */
export async function withdrawCreatorApplication(source: DataSource): Promise<Result<number>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('withdraw_creator_application');
    return error ? failed(error) : ok(Number(data));
  } catch (error) {
    return thrown(error);
  }
}
