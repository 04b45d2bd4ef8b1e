import { describe, expect, it } from 'vitest';
import { assetOf, filterItems, isForSale, isInStore, rarityColour } from '../../../src/features/shop/catalogue.ts';
import { formatCountdown } from '../../../src/features/streak/countdown.ts';
import { signedCoins } from '../../../src/features/coins/economy.ts';

const item = (id: string, type: string, rarity: string, price: number | null, listed = true, season: number | null = null) => ({
  id,
  name: id,
  type,
  rarity,
  price,
  listed,
  battlepass_season: season,
});

describe('shop catalogue', () => {
  it('colours rarities as the spec says: Common white, Rare blue, Legendary purple, Exotic gold', () => {
    expect(['Common', 'Rare', 'Legendary', 'Exotic', 'Mythic'].map(rarityColour)).toEqual(['#ffffff', '#3b82f6', '#a855f7', '#f5b301', '#ffffff']);
  });

  it('sells listed items with a price only; packs and season rewards are not for sale', () => {
    expect(isForSale(item('sword', 'cursor', 'Common', 800))).toBe(true);
    expect(isForSale(item('pack', 'coin', 'Common', 500, true))).toBe(false);
    expect(isForSale(item('ghost', 'cursor', 'Common', null, false, 2))).toBe(false);
    expect(isInStore(item('pack', 'coin', 'Common', 500, false))).toBe(true);
    expect(isInStore(item('s2pack', 'coin', 'Common', 500, false, 2))).toBe(false);
    expect(isInStore(item('ghost', 'cursor', 'Common', null, false, 2))).toBe(false);
  });

  it('filters by type and rarity, cheapest first', () => {
    const items = [item('b', 'cursor', 'Rare', 1500), item('a', 'cursor', 'Common', 800), item('c', 'background', 'Rare', 800), item('d', 'cursor', 'Common', 500)];
    expect(filterItems(items, { type: 'all', rarity: 'all' }).map((i) => i.id)).toEqual(['d', 'a', 'c', 'b']);
    expect(filterItems(items, { type: 'cursor', rarity: 'all' }).map((i) => i.id)).toEqual(['d', 'a', 'b']);
    expect(filterItems(items, { type: 'cursor', rarity: 'Rare' }).map((i) => i.id)).toEqual(['b']);
    expect(filterItems(items, { type: 'font', rarity: 'all' })).toEqual([]);
  });

  it('reads asset fields of the right shape only', () => {
    expect(assetOf({ asset: { url: '/a.svg', font_family: 'X', color: '#fff', icon: '🪙', extra: 1 } })).toEqual({ url: '/a.svg', font_family: 'X', color: '#fff', icon: '🪙' });
    expect(assetOf({ asset: { url: 5 } })).toEqual({});
    expect(assetOf({ asset: [] })).toEqual({});
    expect(assetOf(undefined)).toEqual({});
  });
});

describe('countdowns and amounts', () => {
  it('counts down in days, hours, minutes and seconds, rounding up to the next second', () => {
    expect(formatCountdown(0)).toBe('now');
    expect(formatCountdown(-5)).toBe('now');
    expect(formatCountdown(1)).toBe('0m 01s');
    expect(formatCountdown(65_000)).toBe('1m 05s');
    expect(formatCountdown(3_600_000 + 4 * 60_000 + 5_000)).toBe('1h 04m 05s');
    expect(formatCountdown(2 * 86_400_000 + 1)).toBe('2d 0h 00m 01s');
  });

  it('shows gains with a plus and spending with a minus', () => {
    expect([signedCoins(100), signedCoins(-800), signedCoins(0), signedCoins(30000)]).toEqual(['+100', '−800', '0', '+30,000']);
  });
});
