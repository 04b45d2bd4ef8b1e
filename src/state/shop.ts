import { useLiveRead } from './liveRead.ts';
import type { ItemRow, ShopItemRow } from '../store/db.ts';
import { refreshShopItems } from '../data/queries/refreshShopItems.ts';
import { readCoins } from '../data/reads/coins.ts';
import { readOwnedItem, readOwnedItems } from '../data/reads/items.ts';
import { readShopItems } from '../data/reads/shopItems.ts';
import { canAfford } from '../domain/coins.ts';
import { ITEM_ALREADY_OWNED, NOT_ENOUGH_COINS } from '../domain/messages.ts';
import { notice } from '../ui/notice.tsx';
import { useAccount } from './account.ts';
import { queueAction } from './queueAction.ts';
import { actingUser } from './requireUser.ts';
import type { PortalRuntime } from './runtime.ts';
import { useRefresh } from './useRefresh.ts';

export type { ItemRow, ShopItemRow } from '../store/db.ts';

/** An item coins buy here (domain/forSale.ts): listed, with a price. */
export type ItemForSale = ShopItemRow & { price: number };

export interface ShopView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** The data runtime is there, so a tap on Buy gets an answer (signed out: the spec's notice). */
  ready: boolean;
  /** The whole catalogue as this device holds it; undefined until read, empty without a runtime. */
  items: ShopItemRow[] | undefined;
  /** The signed-in student's items by item id, queued purchases and equips included. */
  owned: Map<string, ItemRow>;
  /** The balance as this device knows it; null while unknown or signed out. */
  balance: number | null;
  /**
   * Whether the student may buy the item now; when not, they have been told why (signed out, owned
   * already, not enough Dabloons). Asked before a purchase's confirmation, so nobody confirms a refusal.
   */
  mayBuy: (item: ItemForSale) => Promise<boolean>;
  /** Checks again, then queues the purchase (applied on the device at once); resolves to whether it was queued. */
  buy: (item: ItemForSale) => Promise<boolean>;
  /** Queues wearing or taking off an owned item; resolves to whether it was queued. */
  equip: (itemId: string, equipped: boolean) => Promise<boolean>;
}

const NO_ITEMS: ShopItemRow[] = [];
const NO_OWNED: ItemRow[] = [];

function refresh(runtime: PortalRuntime, userId: string | null): Promise<unknown> {
  return Promise.allSettled([refreshShopItems(runtime.data), userId === null ? Promise.resolve() : runtime.reconcileNow()]);
}

/** The shop: the catalogue, the student's items and balance from the device, read back when the page opens, and its actions. */
export function useShop(): ShopView {
  const account = useAccount();
  const data = account.state === 'loading' ? null : account.data;
  const userId = account.state === 'signed-in' ? account.userId : null;
  useRefresh(['Items', 'Coins'], refresh);
  const items = useLiveRead(() => (data === null ? NO_ITEMS : readShopItems(data)), [data]);
  const ownedRows = useLiveRead(() => (data !== null && userId !== null ? readOwnedItems(data, userId) : NO_OWNED), [data, userId]);
  const coins = useLiveRead(async () => (data !== null && userId !== null ? readCoins(data, userId) : undefined), [data, userId]);

  /** The student who may buy it now, or null once told why not. */
  async function buyer(item: ItemForSale): Promise<string | null> {
    if (data === null || userId === null) {
      actingUser(null);
      return null;
    }
    if (await readOwnedItem(data, userId, item.id)) {
      notice.error(ITEM_ALREADY_OWNED);
      return null;
    }
    const current = await readCoins(data, userId);
    if (current && !canAfford(current.balance, item.price)) {
      notice.error(NOT_ENOUGH_COINS);
      return null;
    }
    return userId;
  }

  async function buy(item: ItemForSale): Promise<boolean> {
    const student = await buyer(item);
    if (data === null || student === null) return false;
    return (await queueAction(data, student, 'buy_item', { p_item_id: item.id })) !== null;
  }

  async function equip(itemId: string, equipped: boolean): Promise<boolean> {
    if (data === null || userId === null) {
      actingUser(null);
      return false;
    }
    return (await queueAction(data, userId, 'set_item_equipped', { p_item_id: itemId, p_equipped: equipped })) !== null;
  }

  return {
    account: account.state,
    ready: data !== null,
    items,
    owned: new Map((ownedRows ?? NO_OWNED).map((row) => [row.item, row])),
    balance: coins?.balance ?? null,
    mayBuy: async (item) => (await buyer(item)) !== null,
    buy,
    equip,
  };
}
