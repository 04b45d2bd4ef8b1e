import { describe, expect, it } from 'vitest';
import { isForSale, isInStore } from '../../../src/domain/forSale.ts';

const item = (id: string, type: string, rarity: string, price: number | null, listed = true, season: number | null = null) => ({
  id,
  name: id,
  type,
  rarity,
  price,
  listed,
  battlepass_season: season,
});

describe('what the shop sells', () => {
  it('sells listed items with a price only; packs and season rewards are not for sale', () => {
    expect(isForSale(item('sword', 'cursor', 'Common', 800))).toBe(true);
    expect(isForSale(item('pack', 'coin', 'Common', 500, true))).toBe(false);
    expect(isForSale(item('ghost', 'cursor', 'Common', null, false, 2))).toBe(false);
    expect(isInStore(item('pack', 'coin', 'Common', 500, false))).toBe(true);
    expect(isInStore(item('s2pack', 'coin', 'Common', 500, false, 2))).toBe(false);
    expect(isInStore(item('ghost', 'cursor', 'Common', null, false, 2))).toBe(false);
  });
});
