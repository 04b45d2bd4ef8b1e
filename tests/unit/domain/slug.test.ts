import { describe, expect, it } from 'vitest';
import { appSlug, classPath, dashesToSpaces, gamePath, toSlug } from '../../../src/domain/slug.ts';

describe('toSlug', () => {
  it.each([
    ['Leaderboard', '/leaderboard'],
    ['Cool Math Games', '/cool-math-games'],
    ['  Cool   Math\tGames \n', '/cool-math-games'],
    ['Slope-3', '/slope-3'],
    ['ÉCOLE Jeux', '/école-jeux'],
    ['a\u00a0b', '/a-b'],
    ['', '/'],
    ['   ', '/'],
    [null, '/'],
    [undefined, '/'],
  ])('%j -> %j', (name, slug) => {
    expect(toSlug(name)).toBe(slug);
  });
});

describe('classPath', () => {
  it.each([
    ['Slope', '/class/slope'],
    ['Flappy Hollow', '/class/flappy-hollow'],
    ['  Retro   Bowl ', '/class/retro-bowl'],
    ['AC/DC Rocks', '/class/ac%2Fdc-rocks'],
    ['What? #1 & more', '/class/what%3F-%231-%26-more'],
    ['100%', '/class/100%25'],
    ['Pokémon', '/class/pok%C3%A9mon'],
    ['', '/class/'],
    [null, '/class/'],
    [undefined, '/class/'],
  ])('%j -> %j', (name, path) => {
    expect(classPath(name)).toBe(path);
  });

  it('round-trips through decodeURIComponent to the slug of the name', () => {
    const name = 'Fireboy & Watergirl 2: Light/Dark?';
    expect(decodeURIComponent(classPath(name).slice('/class/'.length))).toBe('fireboy-&-watergirl-2:-light/dark?');
  });
});

describe('appSlug and gamePath', () => {
  it.each([
    [{ slug: 'flappy-hollow', title: 'Flappy Hollow' }, 'flappy-hollow'],
    // The bundled backup list writes slugs as paths.
    [{ slug: '/flappy-hollow', title: 'Flappy Hollow' }, 'flappy-hollow'],
    // An operator's slug wins over the title's.
    [{ slug: 'slope-three', title: 'Slope 3' }, 'slope-three'],
    // No usable slug: the spec's slug of the title.
    [{ slug: '', title: 'Tic Tac Toe' }, 'tic-tac-toe'],
    [{ slug: null, title: 'Tic Tac Toe' }, 'tic-tac-toe'],
    [{ title: 'Tic Tac Toe' }, 'tic-tac-toe'],
    [{ slug: 'Bad Slug', title: 'Good Title' }, 'good-title'],
    [{ slug: '//x', title: 'X' }, 'x'],
    [{ slug: 'a--b', title: 'A B' }, 'a-b'],
  ])('%j -> %j', (app, slug) => {
    expect(appSlug(app)).toBe(slug);
    expect(gamePath(app)).toBe(`/class/${slug}`);
  });

  it('encodes what a title slug may carry that a path may not', () => {
    expect(gamePath({ slug: null, title: 'AC/DC?' })).toBe('/class/ac%2Fdc%3F');
    expect(gamePath({ slug: null, title: '' })).toBe('/class/');
  });
});

describe('dashesToSpaces', () => {
  it.each([
    ['slope-3', 'slope 3'],
    ['a--b', 'a  b'],
    ['-lead-and-trail-', ' lead and trail '],
    ['no dashes', 'no dashes'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (name, shown) => {
    expect(dashesToSpaces(name)).toBe(shown);
  });
});
