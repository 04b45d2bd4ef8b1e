// The security headers of the portal's pages, in one place: `npm start` serves them (site.ts), and
// docs/security-headers.md copies them for static hosts (a test keeps the two the same).
//
// Why each source is there:
// - script-src 'self': the portal's own build has no inline script (vite-plugin-pwa registers nothing
//   inline, the app registers its service worker from a module), no eval, no other site's scripts. The
//   games do have inline scripts, but they never run under this policy: a bundled game or an offline-pack
//   copy is framed by URL and answered (by the service worker, or by the server) with a policy of its own
//   that sandboxes it to an opaque origin (src/domain/gameSandbox.ts), and a live game from another site
//   runs on that site's origin. A page written into a frame as text (srcdoc) would inherit this policy,
//   which is why none is.
// - style-src 'unsafe-inline': index.html carries its first-paint styles inline, the app rewrites the
//   theme's <style> element, and react-hot-toast inserts its own. Styles cannot run code.
// - img-src / connect-src / frame-src http: https: the catalogue lists games, thumbnails and creators'
//   videos on other sites (a school's own game server may be plain HTTP), the offline pack downloads
//   games from them (CORS), and analytics (when configured) sends to its host. What the policy holds
//   back is code: scripts, plugins, <base> and form targets.
// - connect-src ws: wss: the live chat's Realtime websocket. 'self' lets it reach the backend `npm start`
//   serves beside the portal, but neither 'self' nor https: matches a websocket to another origin (tried
//   in Chromium: blocked), which hosted Supabase is (wss://<project>.supabase.co); without it the chat
//   would fall back to polling on every hosted deployment.
// - frame-ancestors 'self' (and X-Frame-Options SAMEORIGIN for older browsers): no other site may
//   frame the portal (clickjacking), while the portal frames its own bundled games under /games/.
//   One policy for every path, so a static host needs one rule (several matching rules are merged
//   by some hosts, which would make two policies apply at once).

import { BUNDLED_SANDBOX, sandboxPolicy } from '../../src/domain/gameSandbox.ts';

const APP_CSP: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob: http: https:",
  'font-src': "'self' data:",
  'media-src': "'self' blob: http: https:",
  'connect-src': "'self' http: https: ws: wss:",
  'frame-src': "'self' http: https:",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
};

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

const COMMON: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * A bundled game's page, in the portal's frame or opened on its own: sandboxed to an opaque origin, so
 * it cannot read the portal's storage. The service worker sends the same header from its precache.
 */
export const GAME_PAGE_CSP = sandboxPolicy(BUNDLED_SANDBOX);

/** Every page and file of the app; a bundled game's own page has GAME_PAGE_CSP in its place. */
export const APP_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': policy(APP_CSP),
  'X-Frame-Options': 'SAMEORIGIN',
};
