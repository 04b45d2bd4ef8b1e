import type { ShopItemRow } from '../../data/db.ts';

/** What an item's asset column may hold (spec section 3): url, font_family, color, icon. */
export interface ItemAsset {
  url?: string;
  font_family?: string;
  color?: string;
  icon?: string;
}

export const RARITIES = ['Common', 'Rare', 'Legendary', 'Exotic'] as const;
export type Rarity = (typeof RARITIES)[number];

export const ITEM_TYPES = ['special', 'background', 'cursor', 'badge', 'font', 'coin', 'icon'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Common white, Rare blue, Legendary purple, Exotic gold. */
export const RARITY_COLOURS: Record<Rarity, string> = {
  Common: '#ffffff',
  Rare: '#3b82f6',
  Legendary: '#a855f7',
  Exotic: '#f5b301',
};

export function rarityColour(rarity: string): string {
  return (RARITY_COLOURS as Record<string, string>)[rarity] ?? RARITY_COLOURS.Common;
}

export const TYPE_LABELS: Record<ItemType, string> = {
  special: 'Specials',
  background: 'Backgrounds',
  cursor: 'Cursors',
  badge: 'Badges',
  font: 'Fonts',
  coin: 'Dabloon packs',
  icon: 'Profile icons',
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The asset fields of a row, ignoring anything of the wrong shape (the column is free-form JSON). */
export function assetOf(item: Pick<ShopItemRow, 'asset'> | undefined): ItemAsset {
  const raw = item?.asset;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const asset: ItemAsset = {};
  const url = text(record.url);
  const fontFamily = text(record.font_family);
  const color = text(record.color);
  const icon = text(record.icon);
  if (url !== undefined) asset.url = url;
  if (fontFamily !== undefined) asset.font_family = fontFamily;
  if (color !== undefined) asset.color = color;
  if (icon !== undefined) asset.icon = icon;
  return asset;
}

/**
 * Whether coins buy it here: listed items with a price. Battle-pass rewards are earned on the pass;
 * Dabloon packs are never for sale for coins (coins do not buy coins), so the shop shows them as
 * "not for sale" rather than hide what the spec lists.
 */
export function isForSale(item: Pick<ShopItemRow, 'listed' | 'price' | 'type'>): item is typeof item & { price: number } {
  return item.listed && item.price !== null && item.type !== 'coin';
}

/** What the store shows: items for sale and the Dabloon packs; season rewards belong to the pass. */
export function isInStore(item: Pick<ShopItemRow, 'listed' | 'price' | 'type' | 'battlepass_season'>): boolean {
  return isForSale(item) || (item.type === 'coin' && item.battlepass_season === null);
}

export interface ShopFilter {
  type: ItemType | 'all';
  rarity: Rarity | 'all';
}

const rarityRank = new Map<string, number>(RARITIES.map((r, i) => [r, i]));

/** Items matching the filter, cheapest first, then by rarity and name so the order never jumps. */
export function filterItems<T extends Pick<ShopItemRow, 'type' | 'rarity' | 'price' | 'name'>>(
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
