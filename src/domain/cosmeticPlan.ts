// What the page wears for the equipped items, and the CSS values that put it on.
import { equippedByType, type UnlockedItem } from './equip.ts';
import { assetOf } from './itemAsset.ts';

/** What the page wears: at most one cursor, one background and one font (null: the theme's own). */
export interface CosmeticPlan {
  cursor: string | null;
  background: string | null;
  font: { url: string; family: string } | null;
}

export const NO_COSMETICS: CosmeticPlan = { cursor: null, background: null, font: null };

/** The plan for the equipped items; an item whose asset is missing or unknown locally changes nothing. */
export function planCosmetics(items: readonly UnlockedItem[], shopItem: (id: string) => { asset: unknown } | undefined): CosmeticPlan {
  const worn = equippedByType(items);
  const url = (id: string | undefined) => (id === undefined ? undefined : assetOf(shopItem(id)).url);
  const cursor = url(worn.cursor) ?? null;
  const background = url(worn.background) ?? null;
  const fontAsset = worn.font === undefined ? {} : assetOf(shopItem(worn.font));
  const font = fontAsset.url && fontAsset.font_family ? { url: fontAsset.url, family: fontAsset.font_family } : null;
  return { cursor, background, font };
}

function quoted(url: string): string {
  return `url("${url.replace(/["\\\n]/g, (c) => `\\${c}`)}")`;
}

/** CSS cursor value: the image, falling back to the browser's own cursor. */
export function cursorValue(url: string): string {
  return `${quoted(url)}, auto`;
}

export function backgroundValue(url: string): string {
  return quoted(url);
}

/** A bare family name gets quotes and a generic fallback; a list (it has a comma) is used as it stands. */
export function fontFamilyValue(family: string): string {
  if (family.includes(',')) return family;
  return `"${family.replace(/"/g, '')}", system-ui, sans-serif`;
}
