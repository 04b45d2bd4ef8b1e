import type { ShopItemRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';
import { readShopItemsById } from './shopItems.ts';

export interface Worn {
  items: { item: string; type: string; equipped: boolean }[];
  /** Catalogue rows of the equipped items and of `specialId` when owned. */
  shop: Map<string, ShopItemRow>;
}

/** What the student wears: their items and the assets of the equipped ones (and of one special item, if owned). */
export async function readWorn(source: DataSource, userId: string | null, specialId: string): Promise<Worn> {
  if (userId === null) return { items: [], shop: new Map() };
  const items = await partsOf(source).db.items.where('user_id').equals(userId).toArray();
  const wanted = items.filter((i) => i.equipped || i.item === specialId).map((i) => i.item);
  return { items, shop: await readShopItemsById(source, wanted) };
}
