import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type StudentInvite = Database['public']['Functions']['get_student_friend_invites']['Returns'][number];

/** One student's invite links that still work, looked up by username for the desk. Online only, and refused to anyone but a moderator. */
export async function fetchStudentInvites(source: DataSource, username: string): Promise<Result<StudentInvite[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_student_friend_invites', { p_username: username });
    return error ? failed(error) : ok(data ?? []);
  } catch (error) {
    return thrown(error);
  }
}
