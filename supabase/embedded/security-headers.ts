// The security headers of the portal's pages, in one place: `npm start` serves them (site.ts), and
// docs/security-headers.md copies them for static hosts (a test keeps the two the same).
//
// Why each source is there:
// - script-src 'self' 'unsafe-inline', no eval, no other site's scripts. The portal's own build has no
//   inline script (vite-plugin-pwa registers nothing inline, the app registers its service worker from
//   a module), but the games it frames do: a bundled game, or another site's game kept in the offline
//   pack, plays in a frame made from its page's text (srcdoc), and such a document inherits THIS policy.
//   It cannot be served from a URL of its own instead: a frame with an opaque origin, which is what
//   keeps a game from reading the session, is not served by the service worker, so it would not play
//   offline. Hashes of the bundled games' scripts would not cover the offline copies. The games are
//   held back by the sandbox (opaque origin) and by their own meta policy (no network at all); the
//   portal's defence against injected markup is React's escaping, with this policy still refusing
//   other sites' scripts, plugins, <base> and form targets, and framing by other sites.
// - style-src 'unsafe-inline': index.html carries its first-paint styles inline, the app rewrites the
//   theme's <style> element, and react-hot-toast inserts its own. Styles cannot run code.
// - img-src / connect-src / frame-src http: https: the catalogue lists games, thumbnails and creators'
//   videos on other sites (a school's own game server may be plain HTTP), the offline pack downloads
//   games from them (CORS), and analytics (when configured) sends to its host. What the policy holds
//   back is code: scripts, plugins, <base> and form targets.
// - frame-src blob: for games framed from blob: URLs (which inherit this policy too).
// - frame-ancestors 'self' (and X-Frame-Options SAMEORIGIN for older browsers): no other site may
//   frame the portal (clickjacking), while the portal frames its own bundled games under /games/.
//   One policy for every path, so a static host needs one rule (several matching rules are merged
//   by some hosts, which would make two policies apply at once).

const APP_CSP: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' 'unsafe-inline'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob: http: https:",
  'font-src': "'self' data:",
  'media-src': "'self' blob: http: https:",
  'connect-src': "'self' http: https:",
  'frame-src': "'self' blob: http: https:",
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
 * A bundled game's own page opened on its own (not in the portal's frame): sandboxed to an opaque
 * origin like the frame, so it cannot read the portal's storage either.
 */
export const GAME_PAGE_CSP = 'sandbox allow-scripts allow-pointer-lock';

/** Every page and file of the app; a bundled game's own page has GAME_PAGE_CSP in its place. */
export const APP_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': policy(APP_CSP),
  'X-Frame-Options': 'SAMEORIGIN',
};
