import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** One of the signed-in student's unlocks (public.get_my_achievements), with its place on their shelf. */
export interface MyAchievement {
  unlockId: number;
  title: string;
  icon: string;
  gameTitle: string;
  unlockedAt: string;
  /** 1 to 3 on the shelf, or null. */
  shelf: number | null;
}

/** The signed-in student's unlocked achievements, newest first. Online only. */
export async function fetchMyAchievements(source: DataSource): Promise<Result<MyAchievement[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_my_achievements');
    if (error) return failed(error);
    return ok(
      data.map((row) => ({
        unlockId: row.unlock_id,
        title: row.title,
        icon: row.icon,
        gameTitle: row.game_title,
        unlockedAt: row.unlocked_at,
        // The generated type cannot say the column may be null; it is for a badge off the shelf.
        shelf: (row.shelf as number | null) ?? null,
      })),
    );
  } catch (error) {
    return thrown(error);
  }
}
