import { describe, expect, it } from 'vitest';
import { navSectionOf } from '../../../src/domain/navSection.ts';

const SECTIONS = ['/', '/leaderboard', '/streak', '/shop', '/pass', '/chad', '/friends', '/settings'];
const of = (pathname: string, gamesPath = '/') => navSectionOf(pathname, gamesPath === '/' ? SECTIONS : ['/class', ...SECTIONS.slice(1)], gamesPath);

describe('navSectionOf', () => {
  it('puts the list, a game, a category and its encoded spelling in Games', () => {
    expect(of('/')).toBe('/');
    expect(of('/class')).toBe('/');
    expect(of('/class/snake')).toBe('/');
    expect(of('/class/snake/')).toBe('/');
    expect(of('/puzzle')).toBe('/');
    expect(of('/board-games')).toBe('/');
    expect(of('/board%20games')).toBe('/');
  });

  it('leaves out what only looks like a game page: the creator form, an unknown word, a broken escape', () => {
    expect(of('/class/creator')).toBeNull();
    expect(of('/nonsense')).toBeNull();
    expect(of('/%E0%A4%A')).toBeNull();
    expect(of('/puzzle/extra')).toBeNull();
  });

  it('puts a two-player game in Friends, and each section its own pages', () => {
    expect(of('/play/12')).toBe('/friends');
    expect(of('/friends')).toBe('/friends');
    expect(of('/shop')).toBe('/shop');
    expect(of('/shop/')).toBe('/shop');
    expect(of('/shopping')).toBeNull();
    expect(of('/profile')).toBeNull();
  });

  it('with a featured game on the home, the home is that game and the list is at /class', () => {
    expect(of('/', '/class')).toBeNull();
    expect(of('/class', '/class')).toBe('/class');
    expect(of('/class/snake', '/class')).toBe('/class');
    expect(of('/math', '/class')).toBe('/class');
  });
});
