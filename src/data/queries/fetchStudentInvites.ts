import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type StudentInvite = Database['public']['Functions']['get_student_friend_invites']['Returns'][number];

/** One student's invite links that still work, for the desk; `asked` is the name looked up, so a page never shows one student's links under another's name. */
export interface StudentInvites {
  asked: string;
  invites: StudentInvite[];
}

/** Looks a student up by username for the moderation desk. Online only, and refused to anyone but a moderator. */
export async function fetchStudentInvites(source: DataSource, username: string): Promise<Result<StudentInvites>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_student_friend_invites', { p_username: username });
    return error ? failed(error) : ok({ asked: username, invites: data ?? [] });
  } catch (error) {
    return thrown(error);
  }
}
