import type { Season } from '../domain/battlepass.ts';
import { parseInstant } from '../domain/instant.ts';
import type { LedgerRow, PortalDB } from './db.ts';

/**
 * Seasons and their tiers are data (battlepass_seasons, battlepass_tiers), mirrored whole into the
 * Dexie cache table so the pass shows offline, beside the server's count of each season's gains.
 * These rows are a mirror, not the spec's `_dlq` TTL list cache: written directly, kept on localhost too.
 * The refresh from the server writes them; the pass page and the tier claim's optimistic effect read them.
 */
export const SEASONS_CACHE_KEY = 'battlepass:seasons';
export const SEASONS_CACHE_VERSION = 1;

/** Coins gained inside each season's window, per season number, as the server last counted them. */
export function gainedCacheKey(userId: string): string {
  return `battlepass:gained:${userId}`;
}

export type GainedBySeason = Record<number, number>;

export async function readSeasons(db: Pick<PortalDB, 'cache'>): Promise<Season[]> {
  const row = await db.cache.get(SEASONS_CACHE_KEY);
  return row && row.version === SEASONS_CACHE_VERSION && Array.isArray(row.data) ? (row.data as Season[]) : [];
}

export async function readGained(db: Pick<PortalDB, 'cache'>, userId: string): Promise<GainedBySeason> {
  const row = await db.cache.get(gainedCacheKey(userId));
  return row && row.version === SEASONS_CACHE_VERSION && row.data !== null && typeof row.data === 'object' ? (row.data as GainedBySeason) : {};
}

/**
 * Gains for a season as this device sees them: the server's count plus positive amounts still
 * waiting in the outbox that fall inside the season's window.
 */
export function gainedWithPending(
  season: Pick<Season, 'season' | 'starts_at' | 'ends_at'>,
  server: GainedBySeason,
  ledger: readonly Pick<LedgerRow, 'status' | 'amt' | 'created_at'>[],
): number {
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
