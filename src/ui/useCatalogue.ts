// The app list for every page that shows or picks apps. CONTRACT (keep it stable):
//   useCatalogue(): { apps: AppRow[]; source: 'server' | 'cache' | 'backup'; loading: boolean }
//   - apps: ordered by title, rendered from Dexie at once (never waits on the network);
//   - source: where the rows shown came from ('cache': this device's copy of an earlier server list);
//   - loading: true only while there is nothing to show yet.
// A refresh (at most one per REFRESH_EVERY_MS per page load) runs src/data/queries/refreshCatalogue.ts;
// when the server fails and the device has no server list, the bundled backup list fills the catalogue
// and APP_LIST_FAILED shows once.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLoading } from '../app/loading.tsx';
import { usePortal } from '../app/portal.tsx';
import type { AppRow, RetiredAppRow } from '../data/db.ts';
import { fetchBackupApps } from '../data/queries/fetchBackupApps.ts';
import { refreshApps, type CatalogueSource, type RefreshOutcome } from '../data/queries/refreshCatalogue.ts';
import { readApps, readRetiredApps } from '../data/reads/apps.ts';
import type { DataSource } from '../data/source.ts';
import { APP_LIST_FAILED } from '../domain/messages.ts';

export interface Catalogue {
  apps: AppRow[];
  source: CatalogueSource;
  loading: boolean;
}

export const REFRESH_EVERY_MS = 5 * 60 * 1000;
const APP_LIST_FAILED_TOAST = 'app-list-failed';
const NO_APPS: AppRow[] = [];
const NO_RETIRED: RetiredAppRow[] = [];

// One refresh per page load and interval, shared by every catalogue page mounted meanwhile.
let lastRefresh: { at: number; outcome: Promise<RefreshOutcome> } | null = null;
let failureShown = false;

function sharedRefresh(data: DataSource): Promise<RefreshOutcome> {
  const now = Date.now();
  if (lastRefresh && now - lastRefresh.at < REFRESH_EVERY_MS) return lastRefresh.outcome;
  const outcome = refreshApps(data).then((result) => {
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
  const data = runtime?.data ?? null;
  const rows = useLiveQuery(() => (data === null ? NO_APPS : readApps(data)), [data]);
  const [source, setSource] = useState<CatalogueSource>('cache');
  const [settled, setSettled] = useState(false);
  const [bundled, setBundled] = useState<AppRow[] | null>(null);

  useEffect(() => {
    if (data === null) return;
    let live = true;
    sharedRefresh(data)
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
  }, [data]);

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

  const apps = rows ?? NO_APPS;
  const catalogue: Catalogue =
    runtimeError !== null
      ? { apps: bundled ?? NO_APPS, source: 'backup', loading: bundled === null }
      : { apps, source, loading: apps.length === 0 && !settled };

  const { start, done } = useLoading();
  useEffect(() => {
    if (!catalogue.loading) return;
    start('AppList');
    return () => done('AppList');
  }, [catalogue.loading, start, done]);

  return catalogue;
}

/** The app list ordered by title, or null while nothing is known yet: for pages that pick from it. */
export function useCatalogueApps(): AppRow[] | null {
  const { apps, loading } = useCatalogue();
  return loading ? null : apps;
}

/** The entries an operator retired, as the last refresh of the list found them: for a page that finds no app. */
export function useRetiredApps(): RetiredAppRow[] {
  const { runtime } = usePortal();
  const data = runtime?.data ?? null;
  return useLiveQuery(() => (data === null ? NO_RETIRED : readRetiredApps(data)), [data]) ?? NO_RETIRED;
}
