import type { ShopItemRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Every item of the shop's static catalogue, listed or not, as last mirrored. */
export function readShopItems(source: DataSource): Promise<ShopItemRow[]> {
  return partsOf(source).db.shopItems.toArray();
}

/** The catalogue rows of these ids, by id; ids the mirror does not know are left out. */
export async function readShopItemsById(source: DataSource, ids: readonly string[]): Promise<Map<string, ShopItemRow>> {
  const rows = await partsOf(source).db.shopItems.bulkGet([...ids]);
  return new Map(rows.filter((row): row is ShopItemRow => row !== undefined).map((row) => [row.id, row]));
}
