import type { Season } from '../../domain/battlepass.ts';
import { parseInstant } from '../../domain/instant.ts';
import type { GainedBySeason } from '../../domain/seasonGains.ts';
import { gainedCacheKey, gainedIn } from '../../store/seasonRows.ts';
import { putSeasonData } from '../seasons.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * The server's count of positive gains inside each of `seasons`' windows [starts_at, ends_at), mirrored
 * beside the counts of seasons not asked for: the RPC counts from a date onwards, so an ended season is
 * its start's count minus its end's.
 */
export async function refreshGained(source: DataSource, userId: string, seasons: readonly Season[], now = new Date()): Promise<GainedBySeason> {
  const { supabase, db } = partsOf(source);
  const since = async (date: string): Promise<number> => {
    const { data, error } = await supabase.rpc('get_coins_gained', { p_user_id: userId, start_date: date });
    if (error) throw new Error(error.message);
    return Number(data ?? 0);
  };
  const gained: GainedBySeason = {};
  await Promise.all(
    seasons.map(async (season) => {
      if (now.getTime() < parseInstant(season.starts_at)) {
        gained[season.season] = 0;
        return;
      }
      const [fromStart, fromEnd] = await Promise.all([
        since(season.starts_at),
        now.getTime() >= parseInstant(season.ends_at) ? since(season.ends_at) : Promise.resolve(0),
      ]);
      gained[season.season] = Math.max(0, fromStart - fromEnd);
    }),
  );
  // Seasons not read this time keep their earlier count.
  const kept = await gainedIn(db, userId);
  await putSeasonData(db, gainedCacheKey(userId), { ...kept, ...gained });
  return gained;
}
