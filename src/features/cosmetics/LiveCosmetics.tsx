import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { PortalRuntime } from '../../app/runtime.ts';
import type { ShopItemRow } from '../../data/db.ts';
import { applyCosmetics, NO_COSMETICS, planCosmetics, savePlan } from './apply.ts';
import { DesktopGoose } from './DesktopGoose.tsx';
import { GOOSE_ITEM_ID } from './goose.ts';
import './cosmetics.css';

interface Worn {
  items: { item: string; type: string; equipped: boolean }[];
  shop: Map<string, ShopItemRow>;
}

/** Reads the equipped items and their assets from Dexie only: no network, so it works offline and at once. */
export default function LiveCosmetics({ runtime, userId }: { runtime: PortalRuntime; userId: string | null }) {
  const worn = useLiveQuery(async (): Promise<Worn> => {
    if (userId === null) return { items: [], shop: new Map() };
    const items = await runtime.db.items.where('user_id').equals(userId).toArray();
    const wanted = items.filter((i) => i.equipped || i.item === GOOSE_ITEM_ID).map((i) => i.item);
    const shopRows = await runtime.db.shopItems.bulkGet(wanted);
    return { items, shop: new Map(shopRows.filter((r): r is ShopItemRow => r !== undefined).map((r) => [r.id, r])) };
  }, [runtime, userId]);

  useEffect(() => {
    if (worn === undefined) return;
    const plan = userId === null ? NO_COSMETICS : planCosmetics(worn.items, (id) => worn.shop.get(id));
    applyCosmetics<HTMLLinkElement>(plan, document);
    savePlan(plan);
  }, [worn, userId]);

  const ownsGoose = worn?.items.some((i) => i.item === GOOSE_ITEM_ID) ?? false;
  return userId !== null && ownsGoose ? <DesktopGoose userId={userId} /> : null;
}
