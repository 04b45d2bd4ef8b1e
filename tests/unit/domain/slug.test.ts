import { describe, expect, it } from 'vitest';
import { classPath, dashesToSpaces, toSlug } from '../../../src/domain/slug.ts';

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
    ['Slope', '/class/Slope'],
    ['Retro Bowl', '/class/Retro%20Bowl'],
    ['AC/DC Rocks', '/class/AC%2FDC%20Rocks'],
    ['What? #1 & more', '/class/What%3F%20%231%20%26%20more'],
    ['100%', '/class/100%25'],
    ['Pokémon', '/class/Pok%C3%A9mon'],
    ['', '/class/'],
    [null, '/class/'],
    [undefined, '/class/'],
  ])('%j -> %j', (name, path) => {
    expect(classPath(name)).toBe(path);
  });

  it('round-trips through decodeURIComponent', () => {
    const name = 'Fireboy & Watergirl 2: Light/Dark?';
    expect(decodeURIComponent(classPath(name).slice('/class/'.length))).toBe(name);
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
