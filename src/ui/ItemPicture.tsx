import { Gift } from 'lucide-react';
import { assetOf } from '../domain/itemAsset.ts';
import './itemLook.css';

const PICTURED = new Set(['icon', 'badge', 'cursor', 'special']);

/** The item's own picture where it has one (icons, badges, cursors, specials), else its emoji, else a gift. */
export function ItemPicture({ item, size }: { item: { type: string; asset: unknown; preview_emoji: string | null }; size: number }) {
  const asset = assetOf(item);
  if (asset.url && asset.url.endsWith('.svg') && PICTURED.has(item.type)) {
    return <img className="item-picture" src={asset.url} alt="" width={size} height={size} loading="lazy" draggable={false} />;
  }
  const emoji = item.preview_emoji || asset.icon;
  // An item's emoji is its picture; an item with none gets the icon set's gift, not an emoji of ours.
  if (!emoji) return <Gift className="item-picture" aria-hidden="true" size={size} />;
  return (
    <span className="item-emoji" style={{ fontSize: size * 0.75 }}>
      {emoji}
    </span>
  );
}
