// The app list's refresh into Dexie: get_apps_ordered_by_title, the `_dlq` cache (valid a day), and the
// bundled backup list when the server fails and the device has no server list of its own. Beside the
// list, the entries an operator retired, so that a retired game's page can say so.
import { APPS_CACHE_VERSION, readCached, writeCached, type CacheOptions } from '../cache.ts';
import type { AppRow, PortalDB, RetiredAppRow } from '../../store/db.ts';
import { putApps } from '../mirror.ts';
import { partsOf, type DataSource } from '../source.ts';
import { takeFirstAppList } from '../firstRead.ts';
import { fetchBackupApps } from './fetchBackupApps.ts';

export type CatalogueSource = 'server' | 'cache' | 'backup';

export const APPS_CACHE_KEY = 'apps';
export const APPS_CACHE_TTL_DAYS = 1;

export interface RefreshDeps {
  db: PortalDB;
  /** get_apps_ordered_by_title; rejects or returns an error when the server cannot answer. */
  fetchServer: () => Promise<AppRow[]>;
  /** The retired entries, read with the list; a failure of either is a failure of the server. */
  fetchRetired?: () => Promise<RetiredAppRow[]>;
  fetchBackup: () => Promise<AppRow[]>;
  cache?: CacheOptions;
  now?: number;
  /**
   * Told the list about to be stored (the server's, the cached or the backup), before Dexie has it: a
   * page can show it at once instead of waiting for the write and its live query's re-read.
   */
  onList?: (apps: AppRow[]) => void;
}

export interface RefreshOutcome {
  source: CatalogueSource;
  /** True when the server could not be read: the caller tells the student once. */
  serverFailed: boolean;
}

/** Rows that came from the server carry created_at; the bundled backup list has none. */
function isServerRow(row: AppRow): boolean {
  return typeof row.created_at === 'string';
}

/** One refresh of the app list into Dexie, with its sources given; what it chose is returned for the UI. */
export async function refreshCatalogue(deps: RefreshDeps): Promise<RefreshOutcome> {
  const { db } = deps;
  const cacheOptions = { ...deps.cache, ...(deps.now === undefined ? {} : { now: deps.now }) };
  const cached = await readCached<AppRow[]>(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, APPS_CACHE_TTL_DAYS, cacheOptions);
  const store = async (apps: AppRow[], retired?: RetiredAppRow[]) => {
    deps.onList?.(apps);
    await putApps(db, apps, retired);
  };
  if (cached?.fresh) {
    if ((await db.apps.count()) === 0) await store(cached.data);
    return { source: 'cache', serverFailed: false };
  }
  try {
    const [apps, retired] = await Promise.all([deps.fetchServer(), deps.fetchRetired?.()]);
    await store(apps, retired);
    await writeCached(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, apps, cacheOptions);
    return { source: 'server', serverFailed: false };
  } catch {
    if (cached) {
      await store(cached.data);
      return { source: 'cache', serverFailed: true };
    }
    if ((await db.apps.toArray()).some(isServerRow)) return { source: 'cache', serverFailed: true };
    // A hosted backup list may be older than a retirement this device has heard of.
    const retired = new Set(await db.retiredApps.toCollection().primaryKeys());
    await store((await deps.fetchBackup()).filter((app) => !retired.has(app.id)));
    return { source: 'backup', serverFailed: true };
  }
}

/** The app list's refresh as the portal runs it: from the server, else the bundled list. */
export function refreshApps(source: DataSource, onList?: (apps: AppRow[]) => void): Promise<RefreshOutcome> {
  const { supabase, db } = partsOf(source);
  return refreshCatalogue({
    db,
    ...(onList === undefined ? {} : { onList }),
    fetchServer: async () => {
      const early = await takeFirstAppList();
      if (early) return early;
      const { data, error } = await supabase.rpc('get_apps_ordered_by_title');
      if (error) throw new Error(error.message);
      return data ?? [];
    },
    fetchRetired: async () => {
      const { data, error } = await supabase.from('apps').select('id, title, retired_at').not('retired_at', 'is', null).order('title');
      if (error) throw new Error(error.message);
      return (data ?? []).flatMap((row) => (row.retired_at === null ? [] : [{ id: row.id, title: row.title, retired_at: row.retired_at }]));
    },
    fetchBackup: () => fetchBackupApps(),
  });
}

/** At most one refresh of the list per page load and this interval, however many pages ask. */
export const REFRESH_EVERY_MS = 5 * 60 * 1000;

export interface SharedRefresh {
  outcome: Promise<RefreshOutcome>;
  /** The list the refresh stores, as soon as it has it; null when it stored none (Dexie's copy stands). */
  list: Promise<AppRow[] | null>;
}

let lastRefresh: { at: number; refresh: SharedRefresh } | null = null;

/**
 * The app list's refresh shared by everything that asks within REFRESH_EVERY_MS: the runtime asks as it
 * starts, so the list is on its way before any page has rendered, and the pages that ask next join it.
 */
export function sharedRefreshApps(source: DataSource): SharedRefresh {
  const now = Date.now();
  if (lastRefresh && now - lastRefresh.at < REFRESH_EVERY_MS) return lastRefresh.refresh;
  let tell: (apps: AppRow[] | null) => void = () => {};
  const list = new Promise<AppRow[] | null>((resolve) => {
    tell = resolve;
  });
  const outcome = refreshApps(source, tell).then((result) => {
    // A failed read is tried again on the next visit rather than after the whole interval.
    if (result.serverFailed) lastRefresh = null;
    return result;
  });
  const settled = () => tell(null);
  outcome.then(settled, () => {
    settled();
    lastRefresh = null;
  });
  const refresh = { outcome, list };
  lastRefresh = { at: now, refresh };
  return refresh;
}
