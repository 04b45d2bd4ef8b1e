/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The shell, the bundled backup app list and the bundled games (see globPatterns in vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Only this origin's own files are ever cached. The backend (auth, tables, RPCs, storage) lives on
 * another origin, or under these prefixes when it is proxied: its answers are per user and per
 * moment, and a stale one would show another day's balance or someone else's data.
 */
const API_PREFIXES = ['/auth/', '/rest/', '/storage/', '/functions/', '/realtime/', '/mailbox'];

function isOwnStaticFile(url: URL): boolean {
  return url.origin === self.location.origin && !API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
}

// Every client-side route is served by the precached shell, so a student who loaded the
// portal once can open any page with no network. Bundled games are precached files, matched above.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: API_PREFIXES.map((prefix) => new RegExp(`^${prefix.replace(/\//g, '\\/')}`)),
  }),
);

const THUMBNAIL = /^\/((games|apps)\/[^/]+\/thumb\.[a-z0-9]+|thumbs\/[^/]+)$/i;

// Thumbnails show at once from the cache and are refreshed behind the scenes for the next visit.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isOwnStaticFile(url) && THUMBNAIL.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'thumbnails',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

// The page asks before a new version takes over: never swap the code under a running game.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
