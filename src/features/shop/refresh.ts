import type { PortalRuntime } from '../../app/runtime.ts';
import { putShopItems } from '../../data/mirror.ts';

/**
 * Re-reads the static catalogue into Dexie (anyone may read it). Offline or on a server error the
 * mirror keeps what it had, which is what the shop and the cosmetics show meanwhile.
 */
export async function refreshShopItems(runtime: PortalRuntime): Promise<void> {
  const { data, error } = await runtime.supabase.from('shop_items').select('*');
  if (error) throw new Error(error.message);
  await putShopItems(runtime.db, data);
}
