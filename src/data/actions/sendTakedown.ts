import type { TakedownInput } from '../../domain/takedown.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Sends a takedown request to the people who run the portal; nobody may read it back (it holds an e-mail address). */
export async function sendTakedown(source: DataSource, input: TakedownInput): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.from('takedown_requests').insert({
      name: input.name.trim(),
      email: input.email.trim(),
      url: input.url.trim(),
      reason: input.reason.trim(),
    });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
