import { describe, expect, it } from 'vitest';
import { filterItems } from '../../../src/domain/shopFilter.ts';

const item = (id: string, type: string, rarity: string, price: number | null, listed = true, season: number | null = null) => ({
  id,
  name: id,
  type,
  rarity,
  price,
  listed,
  battlepass_season: season,
});

describe('the shop filter', () => {
  it('filters by type and rarity, cheapest first', () => {
    const items = [item('b', 'cursor', 'Rare', 1500), item('a', 'cursor', 'Common', 800), item('c', 'background', 'Rare', 800), item('d', 'cursor', 'Common', 500)];
    expect(filterItems(items, { type: 'all', rarity: 'all' }).map((i) => i.id)).toEqual(['d', 'a', 'c', 'b']);
    expect(filterItems(items, { type: 'cursor', rarity: 'all' }).map((i) => i.id)).toEqual(['d', 'a', 'b']);
    expect(filterItems(items, { type: 'cursor', rarity: 'Rare' }).map((i) => i.id)).toEqual(['b']);
    expect(filterItems(items, { type: 'font', rarity: 'all' })).toEqual([]);
  });
});
