import type { ItemType } from '../../domain/itemTypes.ts';

/** How the shop's type filter names each kind of item. */
export const TYPE_LABELS: Record<ItemType, string> = {
  special: 'Specials',
  background: 'Backgrounds',
  cursor: 'Cursors',
  badge: 'Badges',
  font: 'Fonts',
  coin: 'Dabloon packs',
  icon: 'Profile icons',
};
