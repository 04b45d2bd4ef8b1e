// The mirrored seasons and a student's gains per season, as rows of the Dexie cache table: read and written
// on the tables themselves, so the tier claim's optimistic effect and the engine's confirmations (inside the
// sync transaction) and the pass's reads (src/data/seasons.ts) share one shape.
import type { Season } from '../domain/battlepass.ts';
import { withConfirmedGains, type GainedBySeason } from '../domain/seasonGains.ts';
import type { PortalDB } from './db.ts';

export const SEASONS_CACHE_KEY = 'battlepass:seasons';
export const SEASONS_CACHE_VERSION = 1;

export function gainedCacheKey(userId: string): string {
  return `battlepass:gained:${userId}`;
}

/** The mirrored seasons, read from the cache table itself (or the sync transaction's copy of it). */
export async function seasonsIn(tables: Pick<PortalDB, 'cache'>): Promise<Season[]> {
  const row = await tables.cache.get(SEASONS_CACHE_KEY);
  return row && row.version === SEASONS_CACHE_VERSION && Array.isArray(row.data) ? (row.data as Season[]) : [];
}

/** The server's last count of a student's gains per season, read from the cache table itself. */
export async function gainedIn(tables: Pick<PortalDB, 'cache'>, userId: string): Promise<GainedBySeason> {
  const row = await tables.cache.get(gainedCacheKey(userId));
  return row && row.version === SEASONS_CACHE_VERSION && row.data !== null && typeof row.data === 'object' ? (row.data as GainedBySeason) : {};
}

/**
 * Adds gains the server just confirmed to the student's kept count, inside the sync transaction. Only a
 * count this device read from the server is changed: with none, the pass has no total to keep right yet.
 */
export async function addConfirmedGainsIn(tables: Pick<PortalDB, 'cache'>, userId: string, confirmed: readonly { amt: number; created_at: string }[]): Promise<void> {
  const row = await tables.cache.get(gainedCacheKey(userId));
  if (!row || row.version !== SEASONS_CACHE_VERSION || confirmed.every((entry) => entry.amt <= 0)) return;
  const gained = withConfirmedGains(await gainedIn(tables, userId), await seasonsIn(tables), confirmed);
  await tables.cache.put({ ...row, data: gained });
}
