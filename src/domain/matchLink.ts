// Game links (issue 28): the code of a two-player game made by create_match_link (16 URL-safe
// characters, 12 random bytes), carried in the path /play/join/<code> so that the link survives the
// sign-in page's ?next= and a QR reader, and opens in any browser or installed app.

const CODE = /^[A-Za-z0-9_-]{16}$/;

/** The portal's path that opens a game link; the sign-in page comes back to it. */
export function matchLinkPath(code: string): string {
  return `/play/join/${encodeURIComponent(code)}`;
}

/** The link a student shares: whoever opens it first on the portal takes the free seat. */
export function matchLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${matchLinkPath(code)}`;
}

/** The code in the path's segment, or null when it cannot be one (so the page says so before asking the server). */
export function matchLinkCode(segment: string | undefined): string | null {
  return segment !== undefined && CODE.test(segment) ? segment : null;
}
