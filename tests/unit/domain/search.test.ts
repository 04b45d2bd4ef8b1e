import { describe, expect, it } from 'vitest';
import { filterBySearch, searchIn, searchIndex } from '../../../src/domain/search.ts';

interface App {
  title: string;
  category?: string | null;
  plays?: number;
  tags?: string[];
}

const apps: App[] = [
  { title: 'Slope', category: 'Action', plays: 1200 },
  { title: 'Retro Bowl', category: 'Sports', plays: 870 },
  { title: 'SLOPE 2', category: null, plays: 12 },
  { title: 'Cookie Clicker', plays: 5, tags: ['idle'] },
  { title: 'Pokémon Émeraude', category: 'RPG' },
];

const titles = (list: App[]) => list.map((app) => app.title);

describe('filterBySearch', () => {
  it.each([
    ['slope', ['Slope', 'SLOPE 2']],
    ['SLOPE', ['Slope', 'SLOPE 2']],
    ['lOpE', ['Slope', 'SLOPE 2']],
    ['  slope  ', ['Slope', 'SLOPE 2']],
    ['o', ['Slope', 'Retro Bowl', 'SLOPE 2', 'Cookie Clicker', 'Pokémon Émeraude']],
    ['retro bowl', ['Retro Bowl']],
    ['tro b', ['Retro Bowl']],
    ['émeraude', ['Pokémon Émeraude']],
    ['ÉMERAUDE', ['Pokémon Émeraude']],
    ['zelda', []],
    ['slope  2', []],
  ])('title contains %j', (query, expected) => {
    expect(titles(filterBySearch(apps, 'title', query))).toEqual(expected);
  });

  it.each(['', '   ', '\t\n', null, undefined])('query %j keeps the whole list', (query) => {
    expect(filterBySearch(apps, 'title', query)).toEqual(apps);
  });

  it('an empty field name keeps the whole list', () => {
    expect(filterBySearch(apps, '' as keyof App, 'slope')).toEqual(apps);
  });

  it('entries whose field is missing or null never match', () => {
    expect(titles(filterBySearch(apps, 'category', 'o'))).toEqual(['Slope', 'Retro Bowl']);
    expect(titles(filterBySearch(apps, 'category', 'null'))).toEqual([]);
    expect(titles(filterBySearch(apps, 'category', 'undefined'))).toEqual([]);
  });

  it('numbers are searched as their digits', () => {
    expect(titles(filterBySearch(apps, 'plays', '12'))).toEqual(['Slope', 'SLOPE 2']);
  });

  it('fields that are not text are not searched', () => {
    expect(filterBySearch(apps, 'tags', 'idle')).toEqual([]);
  });

  it('skips null entries instead of throwing', () => {
    const list = [null, { title: 'Slope' }, undefined] as unknown as { title: string }[];
    expect(filterBySearch(list, 'title', 'slope')).toEqual([{ title: 'Slope' }]);
  });

  it('returns a new array and keeps the original order and objects', () => {
    const all = filterBySearch(apps, 'title', '');
    expect(all).not.toBe(apps);
    const found = filterBySearch(apps, 'title', 'slope');
    expect(found[0]).toBe(apps[0]);
    expect(found[1]).toBe(apps[2]);
  });

  it('works on an empty list', () => {
    expect(filterBySearch([] as App[], 'title', 'slope')).toEqual([]);
  });

  it('finds every match in a 10,000-entry catalogue', () => {
    const big: App[] = Array.from({ length: 10_000 }, (_, i) => ({ title: `Game Number ${i} Deluxe Edition` }));
    expect(filterBySearch(big, 'title', 'NUMBER 99')).toHaveLength(111);
  });
});

describe('searchIn over a prepared index', () => {
  it('answers every query as filterBySearch does, from one index per list and field', () => {
    const queries = ['slope', 'SLOPE', ' o ', 'émeraude', 'zelda', '', null, '12', 'null'];
    for (const field of ['title', 'category', 'plays', 'tags'] as const) {
      const index = searchIndex(apps, field);
      for (const query of queries) expect(searchIn(index, query), `${field} ${String(query)}`).toEqual(filterBySearch(apps, field, query));
    }
  });

  it('hands back the entries themselves, in a new array even when all of them match', () => {
    const list: App[] = [{ title: 'Slope' }, { title: 'Retro Bowl' }];
    const index = searchIndex(list, 'title');
    expect(searchIn(index, 'bowl')[0]).toBe(list[1]);
    expect(searchIn(index, '')).not.toBe(list);
    expect(searchIn(index, '')).toEqual(list);
  });
});
