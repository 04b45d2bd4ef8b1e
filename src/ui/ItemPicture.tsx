import { Award, Gift, Image, MousePointer2, Smile, Sparkles, type LucideIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { assetOf } from '../domain/itemAsset.ts';
import { CoinIcon } from './CoinIcon.tsx';
import './itemLook.css';

/** Types whose asset url is a picture of the item itself (a background's is the whole backdrop, shown cropped). */
const PICTURED = new Set(['icon', 'badge', 'cursor', 'special', 'background']);

/** What stands for an item of a type that has no picture of its own: the icon set, never its emoji. */
const TYPE_ICON: Record<string, LucideIcon> = {
  icon: Smile,
  badge: Award,
  cursor: MousePointer2,
  special: Sparkles,
  background: Image,
};

interface PictureItem {
  type: string;
  asset: unknown;
}

/**
 * An item's picture: its own image where it has one, a font's letters in that font, a coin for Dabloons,
 * else the icon set's sign of its type, tinted with the item's colour. Never the item's emoji
 * (preview_emoji, asset.icon): without an emoji font, as on many school machines, an emoji is a box.
 */
export function ItemPicture({ item, size }: { item: PictureItem; size: number }) {
  const asset = assetOf(item);
  if (asset.url && asset.url.endsWith('.svg') && PICTURED.has(item.type)) {
    const className = item.type === 'background' ? 'item-picture item-picture-background' : 'item-picture';
    return <img className={className} src={asset.url} alt="" width={size} height={size} loading="lazy" draggable={false} />;
  }
  if (item.type === 'coin') return <CoinIcon size={size} />;
  const tint = { color: asset.color && asset.color.toLowerCase() !== '#ffffff' ? asset.color : undefined } satisfies CSSProperties;
  if (item.type === 'font') {
    const family = asset.font_family ? `'${asset.font_family.replace(/'/g, '')}', var(--font-body)` : undefined;
    return (
      <span className="item-picture item-picture-font" style={{ width: size, height: size, fontSize: size * 0.5, fontFamily: family }} aria-hidden="true">
        Aa
      </span>
    );
  }
  const Icon = TYPE_ICON[item.type] ?? Gift;
  return <Icon className="item-picture item-picture-sign" style={tint} aria-hidden="true" size={size} strokeWidth={1.75} />;
}
