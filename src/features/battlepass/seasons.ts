// The server refresh of the battle-pass mirror; src/data/seasons.ts reads what it writes.
import type { PortalRuntime } from '../../app/runtime.ts';
import { guardQuota, type PortalDB } from '../../data/db.ts';
import { gainedCacheKey, SEASONS_CACHE_KEY, SEASONS_CACHE_VERSION, type GainedBySeason } from '../../data/seasons.ts';
import { parseInstant } from '../../domain/instant.ts';
import type { Season } from '../../domain/battlepass.ts';

async function putCache(db: PortalDB, key: string, data: unknown): Promise<void> {
  await guardQuota(() => db.transaction('rw', db.cache, () => db.cache.put({ key, version: SEASONS_CACHE_VERSION, storedAt: Date.now(), data })));
}

export async function refreshSeasons(runtime: PortalRuntime): Promise<Season[]> {
  const [seasons, tiers] = await Promise.all([
    runtime.supabase.from('battlepass_seasons').select('*').order('season'),
    runtime.supabase.from('battlepass_tiers').select('*').order('tier'),
  ]);
  if (seasons.error) throw new Error(seasons.error.message);
  if (tiers.error) throw new Error(tiers.error.message);
  const result: Season[] = seasons.data.map((s) => ({
    season: s.season,
    name: s.name,
    starts_at: s.starts_at,
    ends_at: s.ends_at,
    tiers: tiers.data
      .filter((t) => t.season === s.season)
      .map((t) => ({ tier: t.tier, coins_required: t.coins_required, item_id: t.item_id })),
  }));
  await putCache(runtime.db, SEASONS_CACHE_KEY, result);
  return result;
}

/**
 * The server's count of positive gains inside each season's window [starts_at, ends_at): the RPC
 * counts from a date onwards, so an ended season is its start's count minus its end's.
 */
export async function refreshGained(runtime: PortalRuntime, userId: string, seasons: readonly Season[], now = new Date()): Promise<GainedBySeason> {
  const since = async (date: string): Promise<number> => {
    const { data, error } = await runtime.supabase.rpc('get_coins_gained', { p_user_id: userId, start_date: date });
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
  await putCache(runtime.db, gainedCacheKey(userId), gained);
  return gained;
}
