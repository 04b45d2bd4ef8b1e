import type { ApplicationInput } from '../../domain/creatorApplication.ts';
import { normalizeHandle } from '../../domain/creatorSocial.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Sends the student's creator application; resolves to its id. The server checks the pitch and the
 * channel again and holds the limits (one waiting, 7 days after a decline, 3 in 30 days), refusing in
 * words for the student. Online only: nothing is queued, and the caller keeps the text on a failure.
 */
export async function submitCreatorApplication(source: DataSource, input: ApplicationInput): Promise<Result<number>> {
  try {
    const channel = input.platform === '' ? null : { platform: input.platform, handle: normalizeHandle(input.handle) };
    const { data, error } = await partsOf(source).supabase.rpc('submit_creator_application', {
      p_pitch: input.pitch.trim(),
      ...(channel === null ? {} : { p_platform: channel.platform, p_handle: channel.handle }),
    });
    return error ? failed(error) : ok(Number(data));
  } catch (error) {
    return thrown(error);
  }
}
