import type { PortalRuntime } from '../../app/runtime.ts';
import { guardQuota, type LedgerRow, type PortalDB } from '../../data/db.ts';
import { parseInstant } from '../../domain/instant.ts';
import type { Season } from '../../domain/battlepass.ts';

/**
 * Seasons and their tiers are data (battlepass_seasons, battlepass_tiers), mirrored whole into the
 * Dexie cache table so the pass shows offline. These rows are a mirror, not the spec's `_dlq` TTL
 * list cache, so they are written directly and kept on localhost too.
 */
export const SEASONS_CACHE_KEY = 'battlepass:seasons';
export const SEASONS_CACHE_VERSION = 1;

/** Coins gained inside each season's window, per season number, as the server last counted them. */
export function gainedCacheKey(userId: string): string {
  return `battlepass:gained:${userId}`;
}

export type GainedBySeason = Record<number, number>;

export async function readSeasons(db: PortalDB): Promise<Season[]> {
  const row = await db.cache.get(SEASONS_CACHE_KEY);
  return row && row.version === SEASONS_CACHE_VERSION && Array.isArray(row.data) ? (row.data as Season[]) : [];
}

export async function readGained(db: PortalDB, userId: string): Promise<GainedBySeason> {
  const row = await db.cache.get(gainedCacheKey(userId));
  return row && row.version === SEASONS_CACHE_VERSION && row.data !== null && typeof row.data === 'object' ? (row.data as GainedBySeason) : {};
}

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

/**
 * Gains for a season as this device sees them: the server's count plus positive amounts still
 * waiting in the outbox that fall inside the season's window.
 */
export function gainedWithPending(season: Pick<Season, 'season' | 'starts_at' | 'ends_at'>, server: GainedBySeason, ledger: readonly LedgerRow[]): number {
  const start = parseInstant(season.starts_at);
  const end = parseInstant(season.ends_at);
  let total = server[season.season] ?? 0;
  for (const row of ledger) {
    if (row.status !== 'pending' || row.amt <= 0) continue;
    const at = parseInstant(row.created_at);
    if (at >= start && at < end) total += row.amt;
  }
  return total;
}
