import type { StreakRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The student's streak row; null when they never claimed. */
export async function readStreak(source: DataSource, userId: string): Promise<StreakRow | null> {
  return (await partsOf(source).db.streak.get(userId)) ?? null;
}
