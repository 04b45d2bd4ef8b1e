import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';
import type { VideoFields } from './createCreatorVideo.ts';

/** Changes a video's fields; row level security keeps it to the creator's own. Online only. */
export async function updateCreatorVideo(source: DataSource, videoId: number, fields: VideoFields): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.from('creator_videos').update(fields).eq('id', videoId);
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
