import type { CSSProperties, ReactNode } from 'react';
import type { ShopItemRow } from '../../data/db.ts';
import { assetOf, rarityColour } from './catalogue.ts';
import './shop.css';

/** Text on a rarity colour: dark on white and gold, white on blue and purple. */
function inkOn(rarity: string): string {
  return rarity === 'Rare' || rarity === 'Legendary' ? '#ffffff' : '#1f2937';
}

const PICTURED = new Set(['icon', 'badge', 'cursor', 'special']);

/** The item's own picture where it has one (icons, badges, cursors, specials), else its emoji. */
export function ItemPicture({ item, size }: { item: Pick<ShopItemRow, 'type' | 'asset' | 'preview_emoji'>; size: number }) {
  const asset = assetOf(item);
  if (asset.url && asset.url.endsWith('.svg') && PICTURED.has(item.type)) {
    return <img className="item-picture" src={asset.url} alt="" width={size} height={size} loading="lazy" draggable={false} />;
  }
  return (
    <span className="item-emoji" style={{ fontSize: size * 0.75 }}>
      {item.preview_emoji || asset.icon || '🎁'}
    </span>
  );
}

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

export function RarityPill({ rarity }: { rarity: string }) {
  return (
    <span className="rarity-pill" style={{ background: rarityColour(rarity), color: inkOn(rarity) }} data-rarity={rarity}>
      {rarity}
    </span>
  );
}

/** One item of the catalogue; what can be done with it comes in as children (buy, equip, states). */
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
          <h3 className="item-name">{item.name}</h3>
          <RarityPill rarity={item.rarity} />
        </div>
        <p className="item-description">{item.description}</p>
        <div className="item-actions">{children}</div>
      </div>
    </article>
  );
}
