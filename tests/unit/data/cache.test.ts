import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  APPS_CACHE_VERSION,
  cacheKey,
  cachingEnabled,
  isFresh,
  LEADERBOARD_CACHE_VERSION,
  readCached,
  writeCached,
} from '../../../src/data/cache.ts';
import { freshDb } from '../sync/fakes.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 9, 10, 12, 0, 0);
const on = { enabled: true };

describe('isFresh', () => {
  it('is fresh until exactly ttlDays have passed, then stale', () => {
    const entry = { version: APPS_CACHE_VERSION, storedAt: T0 };
    expect(isFresh(entry, APPS_CACHE_VERSION, 1, T0)).toBe(true);
    expect(isFresh(entry, APPS_CACHE_VERSION, 1, T0 + DAY - 1)).toBe(true);
    expect(isFresh(entry, APPS_CACHE_VERSION, 1, T0 + DAY)).toBe(false);
    expect(isFresh(entry, APPS_CACHE_VERSION, 3, T0 + 3 * DAY - 1)).toBe(true);
    expect(isFresh(entry, APPS_CACHE_VERSION, 3, T0 + 3 * DAY)).toBe(false);
  });

  it('treats another version, or nothing stored, as stale', () => {
    expect(isFresh({ version: 4, storedAt: T0 }, APPS_CACHE_VERSION, 7, T0)).toBe(false);
    expect(isFresh(undefined, APPS_CACHE_VERSION, 7, T0)).toBe(false);
  });

  it('uses the spec versions: apps 5, leaderboards 1', () => {
    expect(APPS_CACHE_VERSION).toBe(5);
    expect(LEADERBOARD_CACHE_VERSION).toBe(1);
  });
});

describe('readCached / writeCached', () => {
  it('stores under a _dlq key and reads back fresh, then stale after the TTL', async () => {
    const { db } = freshDb();
    const apps = [{ id: 'a', title: 'Alpha' }];
    expect(await writeCached(db, 'apps', APPS_CACHE_VERSION, apps, { ...on, now: T0 })).toBe(true);
    expect(await db.cache.get('apps_dlq')).toMatchObject({ version: 5, storedAt: T0, data: apps });

    expect(await readCached(db, 'apps', APPS_CACHE_VERSION, 2, { ...on, now: T0 + 2 * DAY - 1 })).toEqual({
      data: apps,
      storedAt: T0,
      fresh: true,
    });
    const stale = await readCached(db, 'apps', APPS_CACHE_VERSION, 2, { ...on, now: T0 + 2 * DAY });
    expect(stale).toEqual({ data: apps, storedAt: T0, fresh: false });
  });

  it('never returns data written by another cache version', async () => {
    const { db } = freshDb();
    await writeCached(db, 'topStreaks', LEADERBOARD_CACHE_VERSION, [{ username: 'x' }], { ...on, now: T0 });
    expect(await readCached(db, 'topStreaks', 2, 30, { ...on, now: T0 })).toBeUndefined();
  });

  it('does not double the suffix', () => {
    expect(cacheKey('apps')).toBe('apps_dlq');
    expect(cacheKey('apps_dlq')).toBe('apps_dlq');
  });

  it('is off on localhost and 127.0.0.1 unless a test turns it on', async () => {
    expect(cachingEnabled({ hostname: 'localhost' })).toBe(false);
    expect(cachingEnabled({ hostname: '127.0.0.1' })).toBe(false);
    expect(cachingEnabled({ hostname: 'portal.example.org' })).toBe(true);
    expect(cachingEnabled({ hostname: 'localhost', enabled: true })).toBe(true);

    const { db } = freshDb();
    expect(await writeCached(db, 'apps', APPS_CACHE_VERSION, [], { hostname: 'localhost', now: T0 })).toBe(false);
    expect(await db.cache.count()).toBe(0);
    await writeCached(db, 'apps', APPS_CACHE_VERSION, [], { ...on, now: T0 });
    expect(await readCached(db, 'apps', APPS_CACHE_VERSION, 1, { hostname: 'localhost', now: T0 })).toBeUndefined();
  });
});
