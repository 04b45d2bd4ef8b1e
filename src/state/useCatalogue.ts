// The app list for every page that shows or picks apps. CONTRACT (keep it stable):
//   useCatalogue(): { apps: AppRow[]; source: 'server' | 'cache' | 'backup'; loading: boolean }
//   - apps: ordered by title, rendered from Dexie at once (never waits on the network) on a device that
//     keeps the portal; on a first visit (nothing in Dexie yet) from the first read (data/firstRead.ts),
//     before the data runtime has loaded;
//   - source: where the rows shown came from ('cache': this device's copy of an earlier server list);
//   - loading: true only while there is nothing to show yet.
// A refresh (at most one per REFRESH_EVERY_MS per page load) runs src/data/queries/refreshCatalogue.ts;
// when the server fails and the device has no server list, the bundled backup list fills the catalogue
// and APP_LIST_FAILED shows once.
import { useLiveRead } from './liveRead.ts';
import { startTransition, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useLoading } from './loading.tsx';
import { usePortal } from './portal.tsx';
import { createFirstReadHold } from './runtimeGate.ts';
import type { AppRow, RetiredAppRow } from '../store/db.ts';
import { firstAppList, readsFirstFromNetwork } from '../data/firstRead.ts';
import { fetchBackupApps } from '../data/queries/fetchBackupApps.ts';
import { sharedRefreshApps, type CatalogueSource } from '../data/queries/refreshCatalogue.ts';
import { readApps, readRetiredApps } from '../data/reads/apps.ts';
import type { DataSource } from '../data/source.ts';
import { APP_LIST_FAILED } from '../domain/messages.ts';
import { byTitle } from '../domain/titleOrder.ts';

// The catalogue's one door: the app list (below), the week's ranking and the student's own shelves.
export type { AppRow, RetiredAppRow } from '../store/db.ts';
export type { CatalogueSource } from '../data/queries/refreshCatalogue.ts';
export type { PopularEntry } from '../domain/homeRows.ts';
export { useFavourites, type Favourites } from './catalogue/favourites.ts';
export { usePopularApps } from './catalogue/popularApps.ts';
export { useRecentlyPlayed } from './catalogue/recentlyPlayed.ts';
export { useShelves, type Shelves } from './catalogue/shelves.ts';

export interface Catalogue {
  apps: AppRow[];
  source: CatalogueSource;
  loading: boolean;
}

const APP_LIST_FAILED_TOAST = 'app-list-failed';
const NO_APPS: AppRow[] = [];
const NO_RETIRED: RetiredAppRow[] = [];

// While a page renders without the runtime, the runtime waits for it to have shown the first read's list.
// The read is asked for as the page first renders rather than once it has committed: it is under way while React works.
const firstListHold = createFirstReadHold(() => void firstAppList());

// The failure is told once per page load, however many catalogue pages mount.
let failureShown = false;

function tellFailureOnce(): void {
  if (failureShown) return;
  failureShown = true;
  toast.error(APP_LIST_FAILED, { id: APP_LIST_FAILED_TOAST });
}

/** The app list for every catalogue page (see the contract at the top of this file). */
export function useCatalogue(): Catalogue {
  const { runtime, runtimeError } = usePortal();
  const data = runtime?.data ?? null;
  // Tagged with its source: the rows read before the runtime came (none) are not taken for what Dexie holds.
  const read = useLiveRead(async () => ({ data, rows: data === null ? NO_APPS : await readApps(data) }), [data]);
  const [source, setSource] = useState<CatalogueSource>('cache');
  const [settled, setSettled] = useState(false);
  const [bundled, setBundled] = useState<AppRow[] | null>(null);
  // The list the refresh is storing, shown while Dexie does not hold it yet (a first visit): the page
  // does not wait for the write and the live query's re-read, and never shows an empty list between.
  const [arriving, setArriving] = useState<{ data: DataSource; apps: AppRow[] } | null>(null);
  // Before the runtime has loaded: the list read with a plain fetch (data/firstRead.ts); null when that
  // read failed (the runtime's refresh then decides), undefined until it answers.
  const waiting = runtime === null && runtimeError === null && readsFirstFromNetwork();
  if (waiting) firstListHold.hold();
  const [first, setFirst] = useState<AppRow[] | null | undefined>(undefined);
  const firstSorted = useMemo(() => (first ? [...first].sort(byTitle) : null), [first]);

  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void firstAppList().then((list) => {
      // A transition, as the first render is (main.tsx): the whole list's render is sliced, not one long task.
      if (live) startTransition(() => setFirst(list));
    });
    return () => {
      live = false;
    };
  }, [waiting]);

  // Once the first read's list is on screen (or there is none to show), the runtime may load.
  useEffect(() => {
    if (first !== undefined) firstListHold.release();
  }, [first]);

  useEffect(() => {
    if (data === null) return;
    let live = true;
    const refresh = sharedRefreshApps(data);
    void refresh.list.then((list) => {
      if (live && list !== null) setArriving({ data, apps: [...list].sort(byTitle) });
    });
    refresh.outcome
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

  const storedKnown = read !== undefined && read.data === data;
  const stored = read?.rows ?? NO_APPS;
  // Dexie's rows once it holds them, else the list the refresh is storing, else the first read's: the list
  // on screen never empties while the runtime takes over from the first read.
  const apps = stored.length > 0 ? stored : arriving?.data === data && data !== null ? arriving.apps : (firstSorted ?? NO_APPS);
  const catalogue: Catalogue =
    runtimeError !== null
      ? { apps: bundled ?? NO_APPS, source: 'backup', loading: bundled === null }
      : // Offline the refresh may settle before Dexie has answered: the list is not known to be empty until both have.
        { apps, source, loading: apps.length === 0 && !(settled && storedKnown) };

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
  return useLiveRead(() => (data === null ? NO_RETIRED : readRetiredApps(data)), [data]) ?? NO_RETIRED;
}
