// The links to the main site the portal belongs to (spec section 2), all built here from one base
// URL (VITE_MAIN_SITE_URL), so moving the main site is one setting. Without a base URL the
// deployment has no main site and no such links are shown.
import { config } from './config.ts';
import { toSlug } from './domain/slug.ts';

export type MainSitePage =
  | 'main'
  | 'leaderboard'
  | 'streakInfo'
  | 'cacheInfo'
  | 'tabCloakInfo'
  | 'communityChatInfo'
  | 'links';

/** Paths on the main site, relative to its base URL. */
export const MAIN_SITE_PATHS: Record<MainSitePage, string> = {
  main: '/',
  leaderboard: '/leaderboard',
  streakInfo: '/info/streak',
  cacheInfo: '/info/cache',
  tabCloakInfo: '/info/tab-cloak',
  communityChatInfo: '/info/chat',
  links: '/links',
};

export const MAIN_SITE_LABELS: Record<MainSitePage, string> = {
  main: 'Main site',
  leaderboard: 'Main site leaderboard',
  streakInfo: 'How streaks work',
  cacheInfo: 'About offline caching',
  tabCloakInfo: 'Tab cloaking',
  communityChatInfo: 'Community chat',
  links: 'All our links',
};

function join(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** The https base URL, or undefined when it is missing or not a web address. */
export function mainSiteBase(base: string | undefined = config.mainSiteUrl): string | undefined {
  if (base === undefined) return undefined;
  try {
    const url = new URL(base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function mainSiteUrl(page: MainSitePage, base: string | undefined = config.mainSiteUrl): string | undefined {
  const root = mainSiteBase(base);
  return root === undefined ? undefined : join(root, MAIN_SITE_PATHS[page]);
}

/** A game's page on the main site: its title as a slug, e.g. 'Cool Math' -> <base>/cool-math. */
export function mainSiteGameUrl(title: string, base: string | undefined = config.mainSiteUrl): string | undefined {
  const root = mainSiteBase(base);
  return root === undefined ? undefined : join(root, '/' + encodeURIComponent(toSlug(title).slice(1)));
}

export interface MainSiteLink {
  page: MainSitePage;
  label: string;
  href: string;
}

/** The links that exist for this deployment, in the order given. */
export function mainSiteLinks(pages: readonly MainSitePage[], base: string | undefined = config.mainSiteUrl): MainSiteLink[] {
  return pages.flatMap((page) => {
    const href = mainSiteUrl(page, base);
    return href === undefined ? [] : [{ page, label: MAIN_SITE_LABELS[page], href }];
  });
}
