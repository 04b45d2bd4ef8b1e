// The first thing the page runs, loaded beside the main script rather than after it (vite.config.ts puts
// its tag first): on a first visit to the home page it asks at once for the two lists the first screen
// shows, for the home page's chunk, and then for the featured game's picture. Left to the main script, these waited for a chain of round trips
// on a slow school network: the page, the main script, its evaluation, the page's chunk, then the reads.
// It imports no React and no database, so that it arrives long before the main script.
import { getOverride, parseOverride } from './app/override.ts';
import { config } from './config.ts';
import { firstAppList, firstPopularApps, readsFirstFromNetwork } from './data/firstRead.ts';
import { appThumbnail } from './domain/appThumbnail.ts';
import { opensOnDefaultHome } from './domain/earlyHome.ts';
import { homePicks } from './domain/homePicks.ts';
import type { PopularEntry } from './domain/homeRows.ts';
import { byTitle } from './domain/titleOrder.ts';
import type { AppRow } from './store/db.ts';

const home = opensOnDefaultHome({
  pathname: window.location.pathname,
  featuredApp: config.featuredApp,
  hostname: window.location.hostname,
  variantHosts: config.variantHosts,
  forced: parseOverride(window.location.search, getOverride()),
});
// A device that keeps the portal reads its lists from Dexie, and its worker holds the chunk.
if (home && readsFirstFromNetwork()) {
  void preloadFeaturedPicture(firstAppList(), firstPopularApps());
  void import('./features/catalogue/AppListPage.tsx').catch(() => undefined);
}

/**
 * The featured game's picture is the home page's largest paint. Left to the page, it is asked for once
 * React has rendered the lists; asked for here, as soon as the lists say which game is featured, it
 * arrives while the main script is still loading.
 */
async function preloadFeaturedPicture(apps: Promise<AppRow[] | null>, ranking: Promise<PopularEntry[] | null>): Promise<void> {
  const [list, week] = await Promise.all([apps, ranking]);
  if (list === null) return;
  const { featured } = homePicks([...list].sort(byTitle), week ?? []);
  if (featured === null) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = appThumbnail(featured);
  link.fetchPriority = 'high';
  document.head.append(link);
}
