/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

import { BUNDLED_GAME_PAGE, BUNDLED_SANDBOX, EXTERNAL_SANDBOX, OFFLINE_PACK_CACHE, PACK_COPY_PATH, sandboxPolicy } from '../src/domain/gameSandbox.ts';
import { packPage } from '../src/domain/offlinePack.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** A page whose own header sandboxes it to an opaque origin, whatever the host sent with it. */
function sandboxed(body: BodyInit | null, from: Headers, tokens: string, status = 200): Response {
  const headers = new Headers(from);
  headers.set('Content-Security-Policy', sandboxPolicy(tokens));
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(body, { status, headers });
}

/**
 * What the game's frame shows when the game is neither kept on this device nor reachable: the
 * student's words, in the frame, instead of the browser's error page.
 */
const GAME_UNAVAILABLE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Game not on this device</title>
<body style="font: 16px system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh; margin: 0; text-align: center">
<p role="alert">This game is not on this device yet. Connect to the internet once to keep it for offline play.</p></body></html>`;

// Registered before the precache's own route, which would hand out the game page with no sandbox: a
// bundled game opens in its frame from the precache, online or not, always sandboxed.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && BUNDLED_GAME_PAGE.test(url.pathname),
  async ({ request }) => {
    const response = (await matchPrecache(new URL(request.url).pathname)) ?? (await fetch(request).catch(() => null));
    if (response === null) return sandboxed(GAME_UNAVAILABLE, new Headers(), BUNDLED_SANDBOX, 503);
    if (!response.ok) return response;
    return sandboxed(await response.blob(), response.headers, BUNDLED_SANDBOX);
  },
);

// A game from another website kept in the offline pack: the kept page, its links sent to its own website.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname === PACK_COPY_PATH,
  async ({ url }) => {
    const gameUrl = url.searchParams.get('url') ?? '';
    const kept = gameUrl === '' ? undefined : await (await caches.open(OFFLINE_PACK_CACHE)).match(gameUrl);
    if (kept === undefined) {
      return new Response('This game is not in the offline pack on this device.', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': sandboxPolicy('') },
      });
    }
    return sandboxed(packPage(await kept.text(), gameUrl), new Headers(), EXTERNAL_SANDBOX);
  },
);

// The shell, the bundled backup app list and the bundled games (see globPatterns in vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Only this origin's own files are ever cached. The backend (auth, tables, RPCs, storage) lives on
 * another origin, or under these prefixes when it is proxied: its answers are per user and per
 * moment, and a stale one would show another day's balance or someone else's data.
 */
const API_PREFIXES = ['/auth/', '/rest/', '/storage/', '/functions/', '/realtime/', '/mailbox'];

/** The Static Routing API (Chromium 123+); TypeScript's worker types do not know it yet. */
interface RoutingInstallEvent extends ExtendableEvent {
  addRoutes?(rules: Array<{ condition: { urlPattern: URLPattern }; source: 'network' }>): Promise<void>;
}

// The backend's requests, on this origin when proxied or on hosted Supabase's (same paths), go straight
// to the network without waking this worker. Each one used to be a fetch event, and an event reaching
// the outgoing version in the moment it stopped for an update woke it again: the new version, told to
// take over, then waited until the old one sat idle for 30 s, which a page retrying its reads every few
// seconds never gives (seen through the DevTools protocol, 2 of 27 update runs stuck for minutes).
self.addEventListener('install', (event) => {
  const routing = event as RoutingInstallEvent;
  if (typeof routing.addRoutes !== 'function') return;
  const rules = API_PREFIXES.map((prefix) => ({ condition: { urlPattern: new URLPattern({ pathname: `${prefix}*` }) }, source: 'network' as const }));
  event.waitUntil(routing.addRoutes(rules).catch(() => undefined));
});

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
