import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type StudentAchievement = Database['public']['Functions']['get_student_achievements']['Returns'][number];

/** One student's achievements, taken-back ones too, looked up by username for the desk (issue 29). Online only, and refused to anyone but a moderator. */
export async function fetchStudentAchievements(source: DataSource, username: string): Promise<Result<StudentAchievement[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_student_achievements', { p_username: username });
    return error ? failed(error) : ok(data ?? []);
  } catch (error) {
    return thrown(error);
  }
}
