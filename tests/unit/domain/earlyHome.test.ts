import { describe, expect, it } from 'vitest';
import { opensOnDefaultHome, type EarlyVisit } from '../../../src/domain/earlyHome.ts';

const visit = (over: Partial<EarlyVisit> = {}): EarlyVisit => ({
  pathname: '/',
  featuredApp: undefined,
  hostname: 'portal.school.example',
  variantHosts: [],
  forced: {},
  ...over,
});

describe('opensOnDefaultHome', () => {
  it('is true for / on an ordinary host', () => {
    expect(opensOnDefaultHome(visit())).toBe(true);
  });

  it('is false for any other page, however close', () => {
    for (const pathname of ['/class', '/puzzle', '/class/snake', '//', '/index.html', '']) {
      expect(opensOnDefaultHome(visit({ pathname })), pathname).toBe(false);
    }
  });

  it('is false where / shows a featured app', () => {
    expect(opensOnDefaultHome(visit({ featuredApp: 'Snake' }))).toBe(false);
  });

  it('is false on a variant host: the flag that decides is not known yet', () => {
    expect(opensOnDefaultHome(visit({ hostname: 'games.example', variantHosts: ['games.example'] }))).toBe(false);
    expect(opensOnDefaultHome(visit({ hostname: 'GAMES.example.', variantHosts: ['games.example:443'] }))).toBe(false);
  });

  it('follows a tester’s override either way', () => {
    expect(opensOnDefaultHome(visit({ forced: { layout: 'variant' } }))).toBe(false);
    expect(opensOnDefaultHome(visit({ hostname: 'games.example', variantHosts: ['games.example'], forced: { layout: 'default' } }))).toBe(true);
    // The flag forced to its control value keeps a variant host on the default layout.
    expect(opensOnDefaultHome(visit({ hostname: 'games.example', variantHosts: ['games.example'], forced: { flag: 'control' } }))).toBe(true);
  });
});
