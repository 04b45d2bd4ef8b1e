import type { ProfileRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The signed-in student's my_users row as mirrored on this device, with unsent edits on top. */
export function readProfile(source: DataSource, userId: string): Promise<ProfileRow | undefined> {
  return partsOf(source).db.profile.get(userId);
}
