// Seasons and their tiers are data (battlepass_seasons, battlepass_tiers), mirrored whole into the Dexie
// cache table so the pass shows offline, beside the server's count of each season's gains. These rows
// are a mirror, not the spec's `_dlq` TTL list cache, so they are written directly and kept on localhost too.
import type { Season } from '../domain/battlepass.ts';
import type { GainedBySeason } from '../domain/seasonGains.ts';
import { guardQuota, type PortalDB } from './db.ts';
import { partsOf, type DataSource } from './source.ts';

export const SEASONS_CACHE_KEY = 'battlepass:seasons';
export const SEASONS_CACHE_VERSION = 1;

/** Coins gained inside each season's window, per season number, as the server last counted them. */
export function gainedCacheKey(userId: string): string {
  return `battlepass:gained:${userId}`;
}

export async function readSeasons(source: DataSource): Promise<Season[]> {
  const row = await partsOf(source).db.cache.get(SEASONS_CACHE_KEY);
  return row && row.version === SEASONS_CACHE_VERSION && Array.isArray(row.data) ? (row.data as Season[]) : [];
}

export async function readGained(source: DataSource, userId: string): Promise<GainedBySeason> {
  const row = await partsOf(source).db.cache.get(gainedCacheKey(userId));
  return row && row.version === SEASONS_CACHE_VERSION && row.data !== null && typeof row.data === 'object' ? (row.data as GainedBySeason) : {};
}

export async function putSeasonData(db: PortalDB, key: string, data: unknown): Promise<void> {
  await guardQuota(() => db.transaction('rw', db.cache, () => db.cache.put({ key, version: SEASONS_CACHE_VERSION, storedAt: Date.now(), data })));
}
