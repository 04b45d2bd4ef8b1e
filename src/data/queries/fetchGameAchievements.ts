import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** One achievement as a game's page shows it (public.get_achievements): a hidden one not yet unlocked is "???". */
export interface ShownAchievement {
  code: string;
  title: string;
  description: string;
  /** The badge's SVG, or null while a hidden one is not unlocked. */
  icon: string | null;
  points: number;
  hidden: boolean;
  stat: string | null;
  threshold: number | null;
  /** The student's stat, for the progress bar; null with no stat, nobody signed in or none reported. */
  progress: number | null;
  unlockedAt: string | null;
  unlocks: number;
  players: number;
}

/** A game's achievements with the signed-in student's progress and each one's unlock rate. Online only. */
export async function fetchGameAchievements(source: DataSource, appId: string): Promise<Result<ShownAchievement[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_achievements', { p_app_id: appId });
    if (error) return failed(error);
    // The generated types cannot say which columns may be null; these are by the function's own cases.
    return ok(
      data.map((row) => ({
        code: row.code,
        title: row.title,
        description: row.description,
        icon: (row.icon as string | null) ?? null,
        points: row.points,
        hidden: row.hidden,
        stat: (row.stat as string | null) ?? null,
        threshold: (row.threshold as number | null) ?? null,
        progress: (row.progress as number | null) ?? null,
        unlockedAt: (row.unlocked_at as string | null) ?? null,
        unlocks: row.unlocks,
        players: row.players,
      })),
    );
  } catch (error) {
    return thrown(error);
  }
}
