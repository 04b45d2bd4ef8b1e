// The catalogue's data source. CONTRACT for the catalogue pages (keep it stable):
//   useCatalogue(): { apps: AppEntry[]; source: 'server' | 'cache' | 'backup'; loading: boolean }
//   - apps: ordered by title, rendered from Dexie at once (never waits on the network);
//   - source: where the rows shown came from ('cache': this device's copy of an earlier server list);
//   - loading: true only while there is nothing to show yet.
// A refresh (at most one per REFRESH_EVERY_MS per page) reads get_apps_ordered_by_title into Dexie and
// the `_dlq` cache; when the server fails and the device has no server list, the bundled backup list
// fills the catalogue and APP_LIST_FAILED shows once.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useLoading } from '../../app/loading.tsx';
import { usePortal } from '../../app/portal.tsx';
import type { PortalRuntime } from '../../app/runtime.ts';
import { APPS_CACHE_VERSION, readCached, writeCached, type CacheOptions } from '../../data/cache.ts';
import type { AppRow, PortalDB } from '../../data/db.ts';
import { putApps } from '../../data/mirror.ts';
import { APP_LIST_FAILED } from '../../domain/messages.ts';
import { fetchBackupApps, type AppEntry } from './backupApps.ts';

export type CatalogueSource = 'server' | 'cache' | 'backup';

export interface Catalogue {
  apps: AppEntry[];
  source: CatalogueSource;
  loading: boolean;
}

export const APPS_CACHE_KEY = 'apps';
export const APPS_CACHE_TTL_DAYS = 1;
export const REFRESH_EVERY_MS = 5 * 60 * 1000;
const APP_LIST_FAILED_TOAST = 'app-list-failed';
const FALLBACK_THUMBNAIL = '/icons/icon.svg';

export interface RefreshDeps {
  db: PortalDB;
  /** get_apps_ordered_by_title; rejects or returns an error when the server cannot answer. */
  fetchServer: () => Promise<AppRow[]>;
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

/** One refresh of the catalogue into Dexie; what it chose is returned for the UI. */
export async function refreshCatalogue(deps: RefreshDeps): Promise<RefreshOutcome> {
  const { db } = deps;
  const cacheOptions = { ...deps.cache, ...(deps.now === undefined ? {} : { now: deps.now }) };
  const cached = await readCached<AppRow[]>(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, APPS_CACHE_TTL_DAYS, cacheOptions);
  if (cached?.fresh) {
    if ((await db.apps.count()) === 0) await putApps(db, cached.data);
    return { source: 'cache', serverFailed: false };
  }
  try {
    const apps = await deps.fetchServer();
    await putApps(db, apps);
    await writeCached(db, APPS_CACHE_KEY, APPS_CACHE_VERSION, apps, cacheOptions);
    return { source: 'server', serverFailed: false };
  } catch {
    if (cached) {
      await putApps(db, cached.data);
      return { source: 'cache', serverFailed: true };
    }
    if ((await db.apps.toArray()).some(isServerRow)) return { source: 'cache', serverFailed: true };
    await putApps(db, await deps.fetchBackup());
    return { source: 'backup', serverFailed: true };
  }
}

function byTitle(a: { title: string }, b: { title: string }): number {
  return a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
}

export function toEntry(row: AppRow): AppEntry {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    description: row.description,
    thumbnail: row.thumbnail ?? FALLBACK_THUMBNAIL,
    url: row.url,
    bundled: row.bundled,
  };
}

// One refresh per page load and interval, shared by every catalogue page mounted meanwhile.
let lastRefresh: { at: number; outcome: Promise<RefreshOutcome> } | null = null;
let failureShown = false;

function sharedRefresh(runtime: PortalRuntime): Promise<RefreshOutcome> {
  const now = Date.now();
  if (lastRefresh && now - lastRefresh.at < REFRESH_EVERY_MS) return lastRefresh.outcome;
  const outcome = refreshCatalogue({
    db: runtime.db,
    fetchServer: async () => {
      const { data, error } = await runtime.supabase.rpc('get_apps_ordered_by_title');
      if (error) throw new Error(error.message);
      return data ?? [];
    },
    fetchBackup: () => fetchBackupApps(),
  }).then((result) => {
    // A failed read is tried again on the next visit rather than after the whole interval.
    if (result.serverFailed) lastRefresh = null;
    return result;
  });
  lastRefresh = { at: now, outcome };
  outcome.catch(() => {
    lastRefresh = null;
  });
  return outcome;
}

function tellFailureOnce(): void {
  if (failureShown) return;
  failureShown = true;
  toast.error(APP_LIST_FAILED, { id: APP_LIST_FAILED_TOAST });
}

/** The app list for every catalogue page (see the contract at the top of this file). */
export function useCatalogue(): Catalogue {
  const { runtime, runtimeError } = usePortal();
  const rows = useLiveQuery(() => (runtime === null ? [] : runtime.db.apps.toArray()), [runtime]);
  const [source, setSource] = useState<CatalogueSource>('cache');
  const [settled, setSettled] = useState(false);
  const [bundled, setBundled] = useState<AppEntry[] | null>(null);

  useEffect(() => {
    if (runtime === null) return;
    let live = true;
    sharedRefresh(runtime)
      .then((outcome) => {
        if (!live) return;
        setSource(outcome.source);
        // Offline, the sync indicator already says so; the message is for a server that answers badly.
        if (outcome.source === 'backup' || (outcome.serverFailed && navigator.onLine)) tellFailureOnce();
      })
      .catch(() => {
        if (live) tellFailureOnce();
      })
      .finally(() => {
        if (live) setSettled(true);
      });
    return () => {
      live = false;
    };
  }, [runtime]);

  // Without a runtime (no backend configured, storage unavailable) the bundled list is all there is.
  useEffect(() => {
    if (runtimeError === null) return;
    let live = true;
    fetchBackupApps()
      .then((apps) => {
        if (live) setBundled(apps);
      })
      .catch(() => {
        if (live) setBundled([]);
      })
      .finally(() => {
        if (live) tellFailureOnce();
      });
    return () => {
      live = false;
    };
  }, [runtimeError]);

  const apps = useMemo(() => (rows ?? []).map(toEntry).sort(byTitle), [rows]);
  const catalogue: Catalogue =
    runtimeError !== null
      ? { apps: bundled ?? [], source: 'backup', loading: bundled === null }
      : { apps, source, loading: apps.length === 0 && !settled };

  const { start, done } = useLoading();
  useEffect(() => {
    if (!catalogue.loading) return;
    start('AppList');
    return () => done('AppList');
  }, [catalogue.loading, start, done]);

  return catalogue;
}
