import type { CSSProperties, ReactNode } from 'react';
import type { ShopItemRow } from '../../state/shop.ts';
import { assetOf } from '../../domain/itemAsset.ts';
import { rarityColour } from '../../domain/rarity.ts';
import { ItemPicture } from '../../ui/ItemPicture.tsx';
import { RarityPill } from '../../ui/RarityPill.tsx';
import './shop.css';

/** The preview: the background itself for backgrounds, and the cursor itself while pointing at a cursor. */
function Preview({ item }: { item: ShopItemRow }) {
  const asset = assetOf(item);
  const style: CSSProperties = {};
  if (item.type === 'background' && asset.url) style.backgroundImage = `url("${asset.url}")`;
  if (item.type === 'cursor' && asset.url) style.cursor = `url("${asset.url}"), auto`;
  return (
    <div className={`item-preview item-preview-${item.type}`} style={style} aria-hidden="true">
      {item.type !== 'background' && <ItemPicture item={item} size={item.type === 'cursor' ? 48 : 64} />}
    </div>
  );
}

/** One item of the shop; what can be done with it comes in as children (buy, equip, states). */
export function ItemCard({ item, children, state }: { item: ShopItemRow; children?: ReactNode; state?: string }) {
  return (
    <article
      className="item-card"
      data-testid={`item-${item.id}`}
      data-state={state}
      style={{ '--rarity': rarityColour(item.rarity) } as CSSProperties}
    >
      <Preview item={item} />
      <div className="item-body">
        <div className="item-title-row">
          <h2 className="item-name">{item.name}</h2>
          <RarityPill rarity={item.rarity} />
        </div>
        <p className="item-description">{item.description}</p>
        <div className="item-actions">{children}</div>
      </div>
    </article>
  );
}
