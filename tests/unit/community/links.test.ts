import { describe, expect, it } from 'vitest';
import { MAIN_SITE_PATHS, mainSiteGameUrl, mainSiteLinks, mainSiteUrl } from '../../../src/links.ts';

const BASE = 'https://main.example/';

describe('main site links', () => {
  it('builds every page of spec section 2 from one base URL', () => {
    expect(mainSiteUrl('main', BASE)).toBe('https://main.example/');
    expect(mainSiteUrl('leaderboard', 'https://main.example')).toBe('https://main.example/leaderboard');
    const all = mainSiteLinks(Object.keys(MAIN_SITE_PATHS) as (keyof typeof MAIN_SITE_PATHS)[], BASE);
    expect(all.map((l) => l.page)).toEqual(['main', 'leaderboard', 'streakInfo', 'cacheInfo', 'tabCloakInfo', 'communityChatInfo', 'links']);
    expect(all.every((l) => l.href.startsWith(BASE))).toBe(true);
  });

  it('links a game by its title slug', () => {
    expect(mainSiteGameUrl('Cool  Math Games', BASE)).toBe('https://main.example/cool-math-games');
    expect(mainSiteGameUrl('a/b?', BASE)).toBe('https://main.example/a%2Fb%3F');
  });

  it('has no links without a usable base URL', () => {
    expect(mainSiteLinks(['main', 'links'], undefined)).toEqual([]);
    expect(mainSiteUrl('main', 'javascript:alert(1)')).toBeUndefined();
    expect(mainSiteGameUrl('Snake', 'not a url')).toBeUndefined();
  });
});
