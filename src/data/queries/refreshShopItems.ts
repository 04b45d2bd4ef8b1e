import { putShopItems } from '../mirror.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * Re-reads the shop's static catalogue into Dexie (anyone may read it). Offline or on a server error
 * the mirror keeps what it had, which is what the shop and the cosmetics show meanwhile.
 */
export async function refreshShopItems(source: DataSource): Promise<void> {
  const { supabase, db } = partsOf(source);
  const { data, error } = await supabase.from('shop_items').select('*');
  if (error) throw new Error(error.message);
  await putShopItems(db, data);
}
