// The first thing the page runs, loaded beside the main script rather than after it (vite.config.ts puts
// its tag first): on a first visit to the home page it asks at once for the two lists the first screen
// shows, and for the home page's chunk. Left to the main script, these waited for a chain of round trips
// on a slow school network: the page, the main script, its evaluation, the page's chunk, then the reads.
// It imports no React and no database, so that it arrives long before the main script.
import { getOverride, parseOverride } from './app/override.ts';
import { config } from './config.ts';
import { firstAppList, firstPopularApps, readsFirstFromNetwork } from './data/firstRead.ts';
import { opensOnDefaultHome } from './domain/earlyHome.ts';

const home = opensOnDefaultHome({
  pathname: window.location.pathname,
  featuredApp: config.featuredApp,
  hostname: window.location.hostname,
  variantHosts: config.variantHosts,
  forced: parseOverride(window.location.search, getOverride()),
});
// A device that keeps the portal reads its lists from Dexie, and its worker holds the chunk.
if (home && readsFirstFromNetwork()) {
  void firstAppList();
  void firstPopularApps();
  void import('./features/catalogue/AppListPage.tsx').catch(() => undefined);
}
