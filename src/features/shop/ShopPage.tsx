import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { formatCoins } from '../../domain/coinText.ts';
import { canAfford } from '../../domain/coins.ts';
import { isEquippable } from '../../domain/equip.ts';
import { itemUnlockedNamed } from '../../domain/itemNames.ts';
import { NOT_ENOUGH_COINS } from '../../domain/messages.ts';
import { needsPurchaseConfirmation } from '../../domain/purchase.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import { GOOSE_ITEM_ID, useGoose } from '../../state/cosmetics.ts';
import { useShop, type ItemForSale, type ItemRow, type ShopItemRow, type ShopView } from '../../state/shop.ts';
import { CoinHistory } from '../coins/CoinHistory.tsx';
import { isForSale, isInStore } from '../../domain/forSale.ts';
import { ITEM_TYPES } from '../../domain/itemTypes.ts';
import { RARITIES } from '../../domain/rarity.ts';
import { filterItems, type ShopFilter } from '../../domain/shopFilter.ts';
import { TYPE_LABELS } from './typeLabels.ts';
import { ConfirmPurchase } from './ConfirmPurchase.tsx';
import { ItemCard } from './ItemCard.tsx';
import { notice } from '../../ui/notice.tsx';

type Tab = 'store' | 'owned';

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

function StoreActions({ item, shop }: { item: ShopItemRow; shop: ShopView }) {
  if (isForSale(item)) return <SaleActions item={item} shop={shop} />;
  return (
    <span className="item-price item-not-for-sale" data-testid={`not-for-sale-${item.id}`}>
      {item.type === 'coin' ? `Holds ${formatCoins(item.price ?? 0)} Dabloons · not for sale` : 'Not for sale'}
    </span>
  );
}

function SaleActions({ item, shop }: { item: ItemForSale; shop: ShopView }) {
  const [confirming, setConfirming] = useState(false);
  const mine = shop.owned.get(item.id);
  async function buy() {
    if (await shop.buy(item)) notice.success(itemUnlockedNamed(item.id, item.name));
  }
  async function choose() {
    if (!needsPurchaseConfirmation(item.price)) await buy();
    else if (await shop.mayBuy(item)) setConfirming(true);
  }
  function confirm() {
    setConfirming(false);
    // Checked again by the purchase: the balance or the collection may have changed while the question was open.
    void buy();
  }
  const short = shop.balance !== null && !canAfford(shop.balance, item.price);
  return (
    <>
      <span className="item-price">
        <CoinIcon /> {formatCoins(item.price)}
        {/* Said on the card, not only in the button's tooltip, which a touch screen never shows. */}
        {short && !mine && shop.balance !== null ? (
          <span className="item-need" data-testid={`need-${item.id}`}>
            {formatCoins(item.price - shop.balance)} more to go
          </span>
        ) : null}
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
          disabled={!shop.ready}
          onClick={() => void choose()}
        >
          Buy
        </button>
      )}
      {confirming && !mine && (
        <ConfirmPurchase name={item.name} price={item.price} balance={shop.balance} onConfirm={confirm} onCancel={() => setConfirming(false)} />
      )}
    </>
  );
}

function OwnedActions({ item, row, shop }: { item: ShopItemRow; row: ItemRow; shop: ShopView }) {
  const goose = useGoose();
  const pending = row.pendingOpId !== undefined;
  const toggle = (equipped: boolean) => shop.equip(item.id, equipped);
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
  const shop = useShop();
  const [tab, setTab] = useState<Tab>('store');
  const [filter, setFilter] = useState<ShopFilter>({ type: 'all', rarity: 'all' });
  const { owned } = shop;
  const all = shop.items ?? [];
  const store = all.filter(isInStore);
  const mine = all.filter((i) => owned.has(i.id) && i.type !== 'coin');
  const shown = filterItems(tab === 'store' ? store : mine, filter).sort((a, b) => Number(isForSale(b)) - Number(isForSale(a)));
  const types = [...new Set((tab === 'store' ? store : mine).map((i) => i.type))];

  const lead = (
    <p className="page-lead">
      Spend your Dabloons on cursors, backgrounds, fonts, badges and more. Battle-pass rewards are earned on the <NavLink to="/pass">Hollowed Pass</NavLink>.
    </p>
  );
  // Nothing under the lead until the account is known: the sign-in note, added above a toolbar and items
  // already drawn, moved them all down (a layout shift on every visitor's first look at the shop).
  if (shop.account === 'loading') {
    return (
      <Page name="shop" title="Shop">
        {lead}
      </Page>
    );
  }

  return (
    <Page name="shop" title="Shop">
      {lead}
      {shop.account === 'signed-out' && (
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
            My items{shop.account === 'signed-in' ? ` (${mine.length})` : ''}
          </button>
        </div>
        <Filters filter={filter} onChange={setFilter} types={types} />
        {shop.balance !== null && (
          <span className="shop-balance">
            Balance: <CoinIcon /> {formatCoins(shop.balance)}
          </span>
        )}
      </div>
      {shop.items !== undefined && shown.length === 0 && (
        <p className="panel" data-testid="shop-empty">
          {tab === 'owned' && mine.length === 0 ? 'You have no items yet: buy something in the store or claim a reward on the pass.' : 'Nothing matches these filters.'}
        </p>
      )}
      <div className="item-grid" data-testid={`shop-${tab}`}>
        {shown.map((item) => {
          const row = owned.get(item.id);
          return (
            <ItemCard key={item.id} item={item} state={row ? (row.equipped ? 'equipped' : 'owned') : 'available'}>
              {tab === 'owned' && row ? <OwnedActions item={item} row={row} shop={shop} /> : <StoreActions item={item} shop={shop} />}
            </ItemCard>
          );
        })}
      </div>
      <CoinHistory />
    </Page>
  );
}
