/** Single-segment pages of the variant layout that have their own header, so the top banner stays away. */
export const KNOWN_PAGES = [
  'privacy',
  'terms',
  'auth',
  'chad',
  'streak',
  'leaderboard',
  'profile',
  'settings',
  'cache',
  'mirrors',
  'takedown',
  'change-password',
  'onboarding',
  'iframeCheck',
  'creator',
] as const;

export type KnownPage = (typeof KNOWN_PAGES)[number];

// React Router matches paths case-insensitively, so '/Privacy' is the privacy page and must look like it.
const KNOWN = new Set<string>(KNOWN_PAGES.map((page) => page.toLowerCase()));

/** The path's segments with empty ones dropped, so '/privacy/' and '//privacy' read as 'privacy'. */
export function pathSegments(pathname: string | null | undefined): string[] {
  return (pathname ?? '').split('/').filter((segment) => segment !== '');
}

/**
 * Whether the variant layout shows its top banner on this path: not on the home page, not on /class
 * and below, not on a known single-segment page; everywhere else (category grids, deeper paths) it shows.
 */
export function showsVariantBanner(pathname: string | null | undefined): boolean {
  const segments = pathSegments(pathname);
  const first = segments[0]?.toLowerCase();
  if (first === undefined || first === 'class') return false;
  return !(segments.length === 1 && KNOWN.has(first));
}
