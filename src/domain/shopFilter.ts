import type { ItemType } from './itemTypes.ts';
import { RARITIES, type Rarity } from './rarity.ts';

export interface ShopFilter {
  type: ItemType | 'all';
  rarity: Rarity | 'all';
}

const rarityRank = new Map<string, number>(RARITIES.map((r, i) => [r, i]));

/** Items matching the filter, cheapest first, then by rarity and name so the order never jumps. */
export function filterItems<T extends { type: string; rarity: string; price: number | null; name: string }>(
  items: readonly T[],
  filter: ShopFilter,
): T[] {
  return items
    .filter((item) => (filter.type === 'all' || item.type === filter.type) && (filter.rarity === 'all' || item.rarity === filter.rarity))
    .sort(
      (a, b) =>
        (a.price ?? 0) - (b.price ?? 0) ||
        (rarityRank.get(a.rarity) ?? 0) - (rarityRank.get(b.rarity) ?? 0) ||
        a.name.localeCompare(b.name),
    );
}
