export const RARITIES = ['Common', 'Rare', 'Legendary', 'Exotic'] as const;
export type Rarity = (typeof RARITIES)[number];

/** Common white, Rare blue, Legendary purple, Exotic gold. */
export const RARITY_COLOURS: Record<Rarity, string> = {
  Common: '#ffffff',
  Rare: '#3b82f6',
  Legendary: '#a855f7',
  Exotic: '#f5b301',
};

/** An unknown rarity is drawn as Common. */
export function rarityColour(rarity: string): string {
  return (RARITY_COLOURS as Record<string, string>)[rarity] ?? RARITY_COLOURS.Common;
}
