import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * A score's proof image from the private submissions bucket, as a Blob the page shows through an
 * object URL (the bucket has no public links). The storage policy lets the student who owns the
 * submission and moderators read it. Online only.
 */
export async function fetchProofImage(source: DataSource, objectName: string): Promise<Result<Blob>> {
  try {
    const { data, error } = await partsOf(source).supabase.storage.from('submissions').download(objectName);
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}
