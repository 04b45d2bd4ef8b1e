export const RARITIES = ['Common', 'Rare', 'Legendary', 'Exotic'] as const;
export type Rarity = (typeof RARITIES)[number];

/** Common white, Rare blue, Legendary purple, Exotic gold. */
export const RARITY_COLOURS: Record<Rarity, string> = {
  Common: '#ffffff',
  Rare: '#2563eb',
  Legendary: '#9333ea',
  Exotic: '#f5b301',
};

/** An unknown rarity is drawn as Common. */
export function rarityColour(rarity: string): string {
  return (RARITY_COLOURS as Record<string, string>)[rarity] ?? RARITY_COLOURS.Common;
}
