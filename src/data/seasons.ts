// Seasons and their tiers are data (battlepass_seasons, battlepass_tiers), mirrored whole into the Dexie
// cache table so the pass shows offline, beside the server's count of each season's gains. These rows
// are a mirror, not the spec's `_dlq` TTL list cache, so they are written directly and kept on localhost too.
// The refresh from the server writes them; the pass page (through a DataSource) and the tier claim's
// optimistic effect (inside the sync transaction, on its tables) read them.
import type { Season } from '../domain/battlepass.ts';
import type { GainedBySeason } from '../domain/seasonGains.ts';
import { guardQuota } from '../store/quota.ts';
import type { PortalDB } from '../store/db.ts';
import { gainedIn, seasonsIn, SEASONS_CACHE_KEY, SEASONS_CACHE_VERSION } from '../store/seasonRows.ts';
import { partsOf, type DataSource } from './source.ts';

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
