// Seasons and their tiers are data (battlepass_seasons, battlepass_tiers), mirrored whole into the Dexie
// cache table so the pass shows offline, beside the server's count of each season's gains. These rows
// are a mirror, not the spec's `_dlq` TTL list cache, so they are written directly and kept on localhost too.
// The refresh from the server writes them; the pass page (through a DataSource) and the tier claim's
// optimistic effect (inside the sync transaction, on its tables) read them.
import type { Season } from '../domain/battlepass.ts';
import { withConfirmedGains, type GainedBySeason } from '../domain/seasonGains.ts';
import { guardQuota, type PortalDB } from './db.ts';
import { partsOf, type DataSource } from './source.ts';

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

export function readSeasons(source: DataSource): Promise<Season[]> {
  return seasonsIn(partsOf(source).db);
}

/** The mirrored seasons, or null when this device never stored them (the pass was never loaded here). */
export async function readMirroredSeasons(source: DataSource): Promise<Season[] | null> {
  const { db } = partsOf(source);
  const row = await db.cache.get(SEASONS_CACHE_KEY);
  return row && row.version === SEASONS_CACHE_VERSION ? seasonsIn(db) : null;
}

export function readGained(source: DataSource, userId: string): Promise<GainedBySeason> {
  return gainedIn(partsOf(source).db, userId);
}

export async function putSeasonData(db: PortalDB, key: string, data: unknown): Promise<void> {
  await guardQuota(() => db.transaction('rw', db.cache, () => db.cache.put({ key, version: SEASONS_CACHE_VERSION, storedAt: Date.now(), data })));
}
