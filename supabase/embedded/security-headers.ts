// The security headers of the portal's pages, in one place: `npm start` serves them (site.ts), and
// docs/security-headers.md copies them for static hosts (a test keeps the two the same).
//
// Why each source is there:
// - script-src 'self': no inline script, no eval; the build has none (vite-plugin-pwa registers
//   nothing inline, the app registers its service worker from a module).
// - style-src 'unsafe-inline': index.html carries its first-paint styles inline, the app rewrites the
//   theme's <style> element, and react-hot-toast inserts its own. Styles cannot run code.
// - img-src / connect-src / frame-src http: https: the catalogue lists games, thumbnails and creators'
//   videos on other sites (a school's own game server may be plain HTTP), the offline pack downloads
//   games from them (CORS), and analytics (when configured) sends to its host. What the policy holds
//   back is code: scripts, plugins, <base> and form targets.
// - frame-src blob: for games framed from blob: URLs. A document made from a string (srcdoc, blob:)
//   inherits THIS policy, inline scripts refused included: a game page that needs its own inline
//   scripts has to be served from a URL of its own (a file, or the service worker's).
// - frame-ancestors 'self' (and X-Frame-Options SAMEORIGIN for older browsers): no other site may
//   frame the portal (clickjacking), while the portal frames its own bundled games under /games/.
//   One policy for every path, so a static host needs one rule (several matching rules are merged
//   by some hosts, which would make two policies apply at once).

const APP_CSP: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
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

/** Every page and file of the app, the bundled games included. */
export const APP_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': policy(APP_CSP),
  'X-Frame-Options': 'SAMEORIGIN',
};
