import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import type { PortalRuntime } from '../../state/runtime.ts';
import type { ItemRow, ShopItemRow } from '../../store/db.ts';
import { refreshShopItems } from '../../data/queries/refreshShopItems.ts';
import { readCoins } from '../../data/reads/coins.ts';
import { readOwnedItem, readOwnedItems } from '../../data/reads/items.ts';
import { readShopItems } from '../../data/reads/shopItems.ts';
import { formatCoins } from '../../domain/coinText.ts';
import { canAfford } from '../../domain/coins.ts';
import { isEquippable } from '../../domain/equip.ts';
import { itemUnlockedNamed } from '../../domain/itemNames.ts';
import { ITEM_ALREADY_OWNED, NOT_ENOUGH_COINS } from '../../domain/messages.ts';
import { needsPurchaseConfirmation } from '../../domain/purchase.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import { queueAction } from '../../state/queueAction.ts';
import { actingUser, type MaybeSession } from '../../state/requireUser.ts';
import { useRefresh } from '../../state/useRefresh.ts';
import { CoinHistory } from '../coins/CoinHistory.tsx';
import { GOOSE_ITEM_ID, useGoose } from '../../state/cosmetics.ts';
import { isForSale, isInStore } from '../../domain/forSale.ts';
import { ITEM_TYPES } from '../../domain/itemTypes.ts';
import { RARITIES } from '../../domain/rarity.ts';
import { filterItems, type ShopFilter } from '../../domain/shopFilter.ts';
import { TYPE_LABELS } from './typeLabels.ts';
import { ConfirmPurchase } from './ConfirmPurchase.tsx';
import { ItemCard } from './ItemCard.tsx';
import { notice } from '../../ui/notice.tsx';

type Tab = 'store' | 'owned';

const NO_ITEMS: ShopItemRow[] = [];
const NO_OWNED: ItemRow[] = [];

async function refresh(runtime: PortalRuntime, userId: string | null): Promise<unknown> {
  return Promise.allSettled([refreshShopItems(runtime.data), userId === null ? Promise.resolve() : runtime.reconcileNow()]);
}

function Filters({ filter, onChange, types }: { filter: ShopFilter; onChange: (next: ShopFilter) => void; types: readonly string[] }) {
  return (
    <div className="shop-filters" role="group" aria-label="Filter items">
      <label>
        Type{' '}
        <select data-testid="filter-type" value={filter.type} onChange={(e) => onChange({ ...filter, type: e.target.value as ShopFilter['type'] })}>
          <option value="all">All types</option>
          {ITEM_TYPES.filter((t) => types.includes(t)).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Rarity{' '}
        <select data-testid="filter-rarity" value={filter.rarity} onChange={(e) => onChange({ ...filter, rarity: e.target.value as ShopFilter['rarity'] })}>
          <option value="all">All rarities</option>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

interface Ctx {
  runtime: PortalRuntime | null;
  session: MaybeSession;
  userId: string | null;
  owned: Map<string, ItemRow>;
  balance: number | null;
}

function StoreActions({ item, ctx }: { item: ShopItemRow; ctx: Ctx }) {
  const [confirming, setConfirming] = useState(false);
  const mine = ctx.owned.get(item.id);
  if (!isForSale(item)) {
    return (
      <span className="item-price item-not-for-sale" data-testid={`not-for-sale-${item.id}`}>
        {item.type === 'coin' ? `Holds ${formatCoins(item.price ?? 0)} Dabloons · not for sale` : 'Not for sale'}
      </span>
    );
  }
  /** The student who may buy it now, or null once told why not: nobody is asked to confirm a purchase that would be refused. */
  async function buyer(price: number): Promise<string | null> {
    const { runtime } = ctx;
    const userId = actingUser(ctx.session);
    if (runtime === null || userId === null) return null;
    if (await readOwnedItem(runtime.data, userId, item.id)) {
      notice.error(ITEM_ALREADY_OWNED);
      return null;
    }
    const coins = await readCoins(runtime.data, userId);
    if (coins && !canAfford(coins.balance, price)) {
      notice.error(NOT_ENOUGH_COINS);
      return null;
    }
    return userId;
  }
  async function buy(userId: string) {
    if (ctx.runtime === null) return;
    const queued = await queueAction(ctx.runtime.data, userId, 'buy_item', { p_item_id: item.id });
    if (queued) notice.success(itemUnlockedNamed(item.id, item.name));
  }
  async function choose(price: number) {
    const userId = await buyer(price);
    if (userId === null) return;
    if (needsPurchaseConfirmation(price)) setConfirming(true);
    else await buy(userId);
  }
  async function confirm(price: number) {
    setConfirming(false);
    // Checked again: the balance or the collection may have changed while the question was open.
    const userId = await buyer(price);
    if (userId !== null) await buy(userId);
  }
  const short = ctx.balance !== null && !canAfford(ctx.balance, item.price);
  return (
    <>
      <span className="item-price">
        <CoinIcon /> {formatCoins(item.price)}
      </span>
      {mine ? (
        <span className={mine.pendingOpId ? 'item-state item-state-pending' : 'item-state'} data-testid={`owned-${item.id}`}>
          {mine.equipped ? 'Equipped' : 'Owned'}
          {mine.pendingOpId ? ' · pending' : ''}
        </span>
      ) : (
        <button
          type="button"
          className={short ? 'button button-muted' : 'button'}
          data-testid={`buy-${item.id}`}
          title={short ? NOT_ENOUGH_COINS : undefined}
          disabled={ctx.runtime === null}
          onClick={() => void choose(item.price)}
        >
          Buy
        </button>
      )}
      {confirming && !mine && (
        <ConfirmPurchase
          name={item.name}
          price={item.price}
          balance={ctx.balance}
          onConfirm={() => void confirm(item.price)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function OwnedActions({ item, row, ctx }: { item: ShopItemRow; row: ItemRow; ctx: Ctx }) {
  const goose = useGoose();
  const pending = row.pendingOpId !== undefined;
  async function toggle(equipped: boolean) {
    const userId = actingUser(ctx.session);
    if (ctx.runtime === null || userId === null) return;
    await queueAction(ctx.runtime.data, userId, 'set_item_equipped', { p_item_id: item.id, p_equipped: equipped });
  }
  return (
    <>
      {pending && <span className="item-state item-state-pending">pending</span>}
      {isEquippable(row.type) ? (
        row.equipped ? (
          <button type="button" className="button button-secondary" data-testid={`unequip-${item.id}`} onClick={() => void toggle(false)}>
            Unequip
          </button>
        ) : (
          <button type="button" className="button" data-testid={`equip-${item.id}`} onClick={() => void toggle(true)}>
            Equip
          </button>
        )
      ) : item.id === GOOSE_ITEM_ID && goose !== null ? (
        <button type="button" className="button" data-testid="toggle-goose" onClick={() => goose.setHidden(!goose.hidden)}>
          {goose.hidden ? 'Let the goose out' : 'Send the goose away'}
        </button>
      ) : row.type === 'badge' ? (
        <span className="item-note">Shows on your profile</span>
      ) : row.type === 'icon' ? (
        <span className="item-note">
          Pick it as your icon in <NavLink to="/settings">Settings</NavLink>
        </span>
      ) : (
        <span className="item-note">In your collection</span>
      )}
      {row.equipped && <span className="item-state">Equipped</span>}
    </>
  );
}

export default function ShopPage() {
  const { runtime, session, status } = usePortal();
  const userId = session?.user.id ?? null;
  const [tab, setTab] = useState<Tab>('store');
  const [filter, setFilter] = useState<ShopFilter>({ type: 'all', rarity: 'all' });
  useRefresh(['Items', 'Coins'], refresh);

  const data = runtime?.data ?? null;
  const shopItems = useLiveQuery(() => (data ? readShopItems(data) : NO_ITEMS), [data]);
  const ownedRows = useLiveQuery(() => (data && userId ? readOwnedItems(data, userId) : NO_OWNED), [data, userId]);
  const coins = useLiveQuery(() => (data && userId ? readCoins(data, userId) : undefined), [data, userId]);

  const owned = new Map((ownedRows ?? []).map((r) => [r.item, r]));
  const ctx: Ctx = { runtime, session, userId, owned, balance: coins?.balance ?? null };
  const all = shopItems ?? [];
  const store = all.filter(isInStore);
  const mine = all.filter((i) => owned.has(i.id) && i.type !== 'coin');
  const shown = filterItems(tab === 'store' ? store : mine, filter).sort((a, b) => Number(isForSale(b)) - Number(isForSale(a)));
  const types = [...new Set((tab === 'store' ? store : mine).map((i) => i.type))];

  return (
    <Page name="shop" title="Shop">
      <p className="page-lead">
        Spend your Dabloons on cursors, backgrounds, fonts, badges and more. Battle-pass rewards are earned on the <NavLink to="/pass">Hollowed Pass</NavLink>.
      </p>
      {status === 'signed-out' && (
        <p className="panel">
          <NavLink to="/auth">Sign in</NavLink> to earn Dabloons and buy items.
        </p>
      )}
      <div className="shop-toolbar">
        <div className="shop-tabs" role="tablist" aria-label="Shop sections">
          <button type="button" role="tab" aria-selected={tab === 'store'} data-testid="tab-store" className="chip" onClick={() => setTab('store')}>
            Store
          </button>
          <button type="button" role="tab" aria-selected={tab === 'owned'} data-testid="tab-owned" className="chip" onClick={() => setTab('owned')}>
            My items{userId !== null ? ` (${mine.length})` : ''}
          </button>
        </div>
        <Filters filter={filter} onChange={setFilter} types={types} />
        {coins && (
          <span className="shop-balance">
            Balance: <CoinIcon /> {formatCoins(coins.balance)}
          </span>
        )}
      </div>
      {shopItems !== undefined && shown.length === 0 && (
        <p className="panel" data-testid="shop-empty">
          {tab === 'owned' && mine.length === 0 ? 'You have no items yet: buy something in the store or claim a reward on the pass.' : 'Nothing matches these filters.'}
        </p>
      )}
      <div className="item-grid" data-testid={`shop-${tab}`}>
        {shown.map((item) => {
          const row = owned.get(item.id);
          return (
            <ItemCard key={item.id} item={item} state={row ? (row.equipped ? 'equipped' : 'owned') : 'available'}>
              {tab === 'owned' && row ? <OwnedActions item={item} row={row} ctx={ctx} /> : <StoreActions item={item} ctx={ctx} />}
            </ItemCard>
          );
        })}
      </div>
      <CoinHistory />
    </Page>
  );
}
