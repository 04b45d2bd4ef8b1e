// The app list's refresh into Dexie: get_apps_ordered_by_title, the `_dlq` cache (valid a day), and the
// bundled backup list when the server fails and the device has no server list of its own. Beside the
// list, the entries an operator retired, so that a retired game's page can say so.
import { APPS_CACHE_VERSION, readCached, writeCached, type CacheOptions } from '../cache.ts';
import type { AppRow, PortalDB, RetiredAppRow } from '../db.ts';
import { putApps } from '../mirror.ts';
import { partsOf, type DataSource } from '../source.ts';
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
  if (cached?.fresh) {
    if ((await db.apps.count()) === 0) await putApps(db, cached.data);
    return { source: 'cache', serverFailed: false };
  }
  try {
    const [apps, retired] = await Promise.all([deps.fetchServer(), deps.fetchRetired?.()]);
    await putApps(db, apps, retired);
    await writeCached(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, apps, cacheOptions);
    return { source: 'server', serverFailed: false };
  } catch {
    if (cached) {
      await putApps(db, cached.data);
      return { source: 'cache', serverFailed: true };
    }
    if ((await db.apps.toArray()).some(isServerRow)) return { source: 'cache', serverFailed: true };
    // A hosted backup list may be older than a retirement this device has heard of.
    const retired = new Set(await db.retiredApps.toCollection().primaryKeys());
    await putApps(db, (await deps.fetchBackup()).filter((app) => !retired.has(app.id)));
    return { source: 'backup', serverFailed: true };
  }
}

/** The app list's refresh as the portal runs it: from the server, else the bundled list. */
export function refreshApps(source: DataSource): Promise<RefreshOutcome> {
  const { supabase, db } = partsOf(source);
  return refreshCatalogue({
    db,
    fetchServer: async () => {
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
