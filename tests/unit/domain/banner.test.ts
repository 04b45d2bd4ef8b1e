import { describe, expect, it } from 'vitest';
import { KNOWN_PAGES, pathSegments, showsVariantBanner } from '../../../src/domain/banner.ts';

describe('KNOWN_PAGES', () => {
  it('is the spec list', () => {
    expect(KNOWN_PAGES).toEqual([
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
    ]);
  });
});

describe('showsVariantBanner', () => {
  it.each(KNOWN_PAGES.flatMap((page) => [`/${page}`, `/${page}/`, `//${page}`, `${page}`]))(
    'hidden on known page %j',
    (path) => {
      expect(showsVariantBanner(path)).toBe(false);
    },
  );

  it.each([
    ['home', '/'],
    ['empty path', ''],
    ['only slashes', '///'],
    ['null', null],
    ['undefined', undefined],
    ['/class', '/class'],
    ['/class/', '/class/'],
    ['a class page', '/class/Slope'],
    ['the creator class page', '/class/creator'],
    ['deep class path', '/class/Retro%20Bowl/extra'],
    ['class with doubled slashes', '//class//Slope'],
    ['class in capitals (the router ignores case)', '/CLASS/Slope'],
    ['known page in other case', '/Privacy'],
    ['iframeCheck in lower case', '/iframecheck'],
  ])('hidden on %s (%j)', (_label, path) => {
    expect(showsVariantBanner(path)).toBe(false);
  });

  it.each([
    ['a category grid', '/action'],
    ['a category grid with slash', '/action/'],
    ['an unknown page', '/yt'],
    ['a misspelt known page', '/privacy-policy'],
    ['the auth callback (two segments)', '/auth/callback'],
    ['a profile by username', '/profile/duck_king'],
    ['creator videos', '/creator/abc'],
    ['creator video', '/creator/abc/def'],
    ['a segment that only starts with class', '/classes'],
    ['class as a later segment', '/games/class/Slope'],
    ['known page as a later segment', '/action/privacy'],
  ])('shown on %s (%j)', (_label, path) => {
    expect(showsVariantBanner(path)).toBe(true);
  });
});

describe('pathSegments', () => {
  it.each([
    ['/', []],
    ['', []],
    ['/privacy/', ['privacy']],
    ['//a///b/', ['a', 'b']],
    ['/class/Retro%20Bowl', ['class', 'Retro%20Bowl']],
  ])('%j -> %j', (path, segments) => {
    expect(pathSegments(path)).toEqual(segments);
  });
});
