import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface VideoFields {
  title: string;
  url: string;
  app_id: string | null;
  description: string;
}

/** A new video on one of the creator's accounts. Online only. */
export async function createCreatorVideo(source: DataSource, socialId: number, fields: VideoFields): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.from('creator_videos').insert({ ...fields, social_id: socialId });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
