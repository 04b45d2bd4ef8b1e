import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { APPS_CACHE_VERSION, readCached, writeCached } from '../../../src/data/cache.ts';
import type { AppRow } from '../../../src/store/db.ts';
import { putApps } from '../../../src/data/mirror.ts';
import { APPS_CACHE_KEY, refreshCatalogue } from '../../../src/data/queries/refreshCatalogue.ts';
import { appThumbnail } from '../../../src/domain/appThumbnail.ts';
import { freshDb } from '../sync/fakes.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const ON = { enabled: true };

function app(id: string, title: string, fromServer = true): AppRow {
  return {
    id,
    title,
    slug: `/${id}`,
    category: 'Arcade',
    description: '',
    thumbnail: `/games/${id}/thumb.svg`,
    url: `/games/${id}/index.html`,
    bundled: true,
    ...(fromServer ? { created_at: '2026-01-01T00:00:00Z' } : {}),
  };
}

const SERVER = [app('snake', 'Snake'), app('flappy', 'Flappy Hollow')];
const BACKUP = [app('2048', '2048', false)];

function deps(db: ReturnType<typeof freshDb>['db'], server: () => Promise<AppRow[]>) {
  let backupReads = 0;
  let serverReads = 0;
  return {
    counts: () => ({ backupReads, serverReads }),
    deps: {
      db,
      fetchServer: () => {
        serverReads += 1;
        return server();
      },
      fetchBackup: async () => {
        backupReads += 1;
        return BACKUP;
      },
      cache: ON,
      now: NOW,
    },
  };
}

const down = () => Promise.reject(new TypeError('Failed to fetch'));

describe('refreshCatalogue', () => {
  it('writes the server list into Dexie and the _dlq cache', async () => {
    const { db } = freshDb();
    const { deps: d } = deps(db, async () => SERVER);
    expect(await refreshCatalogue(d)).toEqual({ source: 'server', serverFailed: false });
    expect((await db.apps.toArray()).map((a) => a.id).sort()).toEqual(['flappy', 'snake']);
    const cached = await readCached<AppRow[]>(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, 1, { ...ON, now: NOW });
    expect(cached?.data).toHaveLength(2);
  });

  it('does not call the server while the cached list is younger than a day', async () => {
    const { db } = freshDb();
    await writeCached(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, SERVER, { ...ON, now: NOW - DAY + 1 });
    const { deps: d, counts } = deps(db, async () => SERVER);
    expect(await refreshCatalogue(d)).toEqual({ source: 'cache', serverFailed: false });
    expect(counts().serverReads).toBe(0);
    // An empty mirror (site data partly cleared) is filled from the cache.
    expect(await db.apps.count()).toBe(2);
  });

  it('calls the server again once the day has passed', async () => {
    const { db } = freshDb();
    await writeCached(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, SERVER, { ...ON, now: NOW - DAY });
    const { deps: d, counts } = deps(db, async () => [app('snake', 'Snake')]);
    expect((await refreshCatalogue(d)).source).toBe('server');
    expect(counts().serverReads).toBe(1);
    expect(await db.apps.count()).toBe(1);
  });

  it('falls back to the bundled backup list when the server fails and nothing is known', async () => {
    const { db } = freshDb();
    const { deps: d, counts } = deps(db, down);
    expect(await refreshCatalogue(d)).toEqual({ source: 'backup', serverFailed: true });
    expect(counts().backupReads).toBe(1);
    expect((await db.apps.toArray()).map((a) => a.id)).toEqual(['2048']);
  });

  it('keeps an earlier server list rather than replacing it with the backup when the server fails', async () => {
    const { db } = freshDb();
    await putApps(db, SERVER);
    const { deps: d, counts } = deps(db, down);
    expect(await refreshCatalogue(d)).toEqual({ source: 'cache', serverFailed: true });
    expect(counts().backupReads).toBe(0);
    expect(await db.apps.count()).toBe(2);
  });

  it('uses a stale cached list when the server fails', async () => {
    const { db } = freshDb();
    await writeCached(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, SERVER, { ...ON, now: NOW - 3 * DAY });
    const { deps: d } = deps(db, down);
    expect(await refreshCatalogue(d)).toEqual({ source: 'cache', serverFailed: true });
    expect(await db.apps.count()).toBe(2);
  });

  it('replaces a backup list with the server list once the server answers', async () => {
    const { db } = freshDb();
    await putApps(db, BACKUP);
    const { deps: d } = deps(db, down);
    expect((await refreshCatalogue(d)).source).toBe('backup');
    const { deps: again } = deps(db, async () => SERVER);
    expect((await refreshCatalogue(again)).source).toBe('server');
    expect((await db.apps.toArray()).map((a) => a.id).sort()).toEqual(['flappy', 'snake']);
  });

  it('drops an app the server retired and keeps the retired list beside the catalogue', async () => {
    const { db } = freshDb();
    await putApps(db, [...SERVER, app('old-game', 'Old Game')]);
    const retired = [{ id: 'old-game', title: 'Old Game', retired_at: '2026-11-26T10:00:00Z' }];
    const { deps: d } = deps(db, async () => SERVER);
    expect((await refreshCatalogue({ ...d, fetchRetired: async () => retired })).source).toBe('server');
    expect((await db.apps.toArray()).map((a) => a.id).sort()).toEqual(['flappy', 'snake']);
    expect(await db.retiredApps.toArray()).toEqual(retired);
    // Restored on the server: back in the list, out of the retired one.
    const { deps: again } = deps(db, async () => [...SERVER, app('old-game', 'Old Game')]);
    await refreshCatalogue({ ...again, cache: { enabled: false }, fetchRetired: async () => [] });
    expect(await db.apps.get('old-game')).toBeDefined();
    expect(await db.retiredApps.count()).toBe(0);
  });

  it('counts a failed read of the retired entries as a failed server, and changes nothing', async () => {
    const { db } = freshDb();
    await putApps(db, SERVER, [{ id: 'old-game', title: 'Old Game', retired_at: '2026-11-26T10:00:00Z' }]);
    const { deps: d } = deps(db, async () => [app('snake', 'Snake')]);
    expect(await refreshCatalogue({ ...d, fetchRetired: down })).toEqual({ source: 'cache', serverFailed: true });
    expect(await db.apps.count()).toBe(2);
    expect(await db.retiredApps.count()).toBe(1);
  });

  it('leaves entries this device knows are retired out of the backup list', async () => {
    const { db } = freshDb();
    await db.retiredApps.put({ id: '2048', title: '2048', retired_at: '2026-11-26T10:00:00Z' });
    const { deps: d } = deps(db, down);
    expect(await refreshCatalogue({ ...d, fetchBackup: async () => [...BACKUP, app('memory', 'Memory Match', false)] })).toEqual({ source: 'backup', serverFailed: true });
    expect((await db.apps.toArray()).map((a) => a.id)).toEqual(['memory']);
  });

  it('tells a page the list it is about to store, before Dexie holds it, whichever source it came from', async () => {
    for (const [server, expected] of [
      [async () => SERVER, SERVER],
      [down, BACKUP],
    ] as const) {
      const { db } = freshDb();
      const { deps: d } = deps(db, server);
      const told: { ids: string[]; storedThen: number }[] = [];
      const done = refreshCatalogue({
        ...d,
        onList: (apps) => {
          told.push({ ids: apps.map((a) => a.id), storedThen: -1 });
          void db.apps.count().then((count) => (told[told.length - 1]!.storedThen = count));
        },
      });
      await done;
      expect(told.map((t) => t.ids)).toEqual([expected.map((a) => a.id)]);
      // Read as the page was told: the rows were not in Dexie yet.
      expect(told[0]!.storedThen).toBe(0);
    }
  });

  it('caches nothing on localhost unless caching is turned on', async () => {
    const { db } = freshDb();
    const { deps: d } = deps(db, async () => SERVER);
    await refreshCatalogue({ ...d, cache: { hostname: 'localhost' } });
    expect(await db.cache.count()).toBe(0);
    expect(await db.apps.count()).toBe(2);
  });
});

describe('appThumbnail', () => {
  it('gives an app without a thumbnail the portal icon', () => {
    expect(appThumbnail({ ...app('snake', 'Snake'), thumbnail: null })).toBe('/icons/icon.svg');
  });
});
