// How a game is kept away from the portal. Every game runs with an opaque origin, so nothing in it can
// read the portal's storage, cookies or session whatever its code does; a bundled game's only door is
// the game SDK over postMessage.
//
// A bundled game and an offline-pack copy are framed by URL and sandboxed by their response's
// Content-Security-Policy header, not by the frame's sandbox attribute: the browser does not let a
// service worker answer a frame whose attribute already makes its origin opaque, so such a game would
// not play offline; and a page written into the frame instead (srcdoc) inherits the portal's policy, which
// refuses inline scripts. The service worker and the server both send the header.

/** A bundled game: its scripts, and the mouse capture of games steered by the mouse; nothing else. */
export const BUNDLED_SANDBOX = 'allow-scripts allow-pointer-lock';
/** Apps from other websites, and their offline-pack copies, may also submit their own forms. */
export const EXTERNAL_SANDBOX = 'allow-scripts allow-forms allow-pointer-lock';

/** The Content-Security-Policy that sandboxes a page of its own. */
export function sandboxPolicy(tokens: string): string {
  return `sandbox ${tokens}`;
}

/** A bundled game's page, path only. */
export const BUNDLED_GAME_PAGE = /^\/games\/[a-z0-9][a-z0-9-]*\/index\.html$/;

/** The Cache Storage cache the page keeps the offline pack's copies in, keyed by the game's address. */
export const OFFLINE_PACK_CACHE = 'offline-pack';

/** Where the service worker serves a game kept in the offline pack. */
export const PACK_COPY_PATH = '/offline-pack/play';

/** The address of the offline-pack copy of the game at `gameUrl` (absolute). */
export function packCopyUrl(gameUrl: string): string {
  return `${PACK_COPY_PATH}?url=${encodeURIComponent(gameUrl)}`;
}
