import { guardQuota } from '../store/quota.ts';
import type { CacheRow, PortalDB } from '../store/db.ts';

/** The spec's `_dlq` cache of server lists, kept in Dexie instead of local storage. */

export const CACHE_SUFFIX = '_dlq';
export const APPS_CACHE_VERSION = 5;
export const LEADERBOARD_CACHE_VERSION = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CacheOptions {
  /** Forces caching on or off; by default it is off on localhost, as the spec says. */
  enabled?: boolean;
  /** Defaults to location.hostname where there is one. */
  hostname?: string;
}

export interface CachedValue<T> {
  data: T;
  storedAt: number;
  /** False once the TTL has run out: still worth showing when the server cannot be reached. */
  fresh: boolean;
}

export function cacheKey(name: string): string {
  return name.endsWith(CACHE_SUFFIX) ? name : `${name}${CACHE_SUFFIX}`;
}

export function cachingEnabled(options: CacheOptions = {}): boolean {
  if (options.enabled !== undefined) return options.enabled;
  const hostname = options.hostname ?? globalThis.location?.hostname;
  return hostname !== 'localhost' && hostname !== '127.0.0.1';
}

/** Fresh while less than ttlDays have passed since it was stored; another version is never fresh. */
export function isFresh(
  entry: Pick<CacheRow, 'version' | 'storedAt'> | undefined,
  version: number,
  ttlDays: number,
  now: number,
): boolean {
  if (!entry || entry.version !== version) return false;
  return now - entry.storedAt < ttlDays * DAY_MS;
}

/**
 * The cached data under key, or undefined when caching is off, nothing is stored or it was
 * stored by another version (its shape may differ, so it is not even shown as stale).
 */
export async function readCached<T>(
  db: PortalDB,
  key: string,
  version: number,
  ttlDays: number,
  options: CacheOptions & { now?: number } = {},
): Promise<CachedValue<T> | undefined> {
  if (!cachingEnabled(options)) return undefined;
  const entry = await db.cache.get(cacheKey(key));
  if (!entry || entry.version !== version) return undefined;
  return {
    data: entry.data as T,
    storedAt: entry.storedAt,
    fresh: isFresh(entry, version, ttlDays, options.now ?? Date.now()),
  };
}

export async function writeCached<T>(
  db: PortalDB,
  key: string,
  version: number,
  data: T,
  options: CacheOptions & { now?: number } = {},
): Promise<boolean> {
  if (!cachingEnabled(options)) return false;
  const row: CacheRow = { key: cacheKey(key), version, storedAt: options.now ?? Date.now(), data };
  await guardQuota(() => db.transaction('rw', db.cache, () => db.cache.put(row)));
  return true;
}
