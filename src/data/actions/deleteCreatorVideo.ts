import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Deletes one of the creator's videos. Online only. */
export async function deleteCreatorVideo(source: DataSource, videoId: number): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.from('creator_videos').delete().eq('id', videoId);
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
