// Which section of the header a page belongs to, so that the header shows where the student is on every
// page and not only on the sections' own addresses: a game, a category and search are "Games", a
// two-player game is "Friends".
import { knownCategory } from './categories.ts';

/**
 * The header link (its path, one of `sections`) that owns `pathname`, or null. `gamesPath` is the list
 * of games ('/' on the portal, '/class' where a featured game has the home).
 */
export function navSectionOf(pathname: string, sections: readonly string[], gamesPath: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === gamesPath) return gamesPath;
  const [first = '', second] = path.split('/').slice(1);
  if (first === 'class' && second !== 'creator') return gamesPath;
  if (path !== '/' && second === undefined && knownCategory(safeDecode(first)) !== null) return gamesPath;
  if (first === 'play') return sections.includes('/friends') ? '/friends' : null;
  return sections.find((section) => section !== '/' && (path === section || path.startsWith(`${section}/`))) ?? null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
