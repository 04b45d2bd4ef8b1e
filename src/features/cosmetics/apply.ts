import type { UnlockedItem } from '../../domain/equip.ts';
import { equippedByType } from '../../domain/equip.ts';
import type { ShopItemRow } from '../../data/db.ts';
import { assetOf } from '../shop/catalogue.ts';

/** What the page wears: at most one cursor, one background and one font (null: the theme's own). */
export interface CosmeticPlan {
  cursor: string | null;
  background: string | null;
  font: { url: string; family: string } | null;
}

export const NO_COSMETICS: CosmeticPlan = { cursor: null, background: null, font: null };

export const FONT_LINK_ID = 'cosmetic-font';
export const BACKGROUND_CLASS = 'cosmetic-background';

/** The plan for the equipped items; an item whose asset is missing or unknown locally changes nothing. */
export function planCosmetics(items: readonly UnlockedItem[], shopItem: (id: string) => Pick<ShopItemRow, 'asset'> | undefined): CosmeticPlan {
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

/** The parts of a document the applier touches, so it can be tested without a browser. */
export interface CosmeticDocument<L extends FontLink> {
  documentElement: { style: { cursor: string } };
  body: { style: { backgroundImage: string; fontFamily: string }; classList: { toggle(token: string, force?: boolean): boolean } };
  head: { appendChild(node: L): unknown };
  getElementById(id: string): unknown;
  createElement(tag: 'link'): L;
}

export interface FontLink {
  id: string;
  rel: string;
  href: string;
  getAttribute(name: string): string | null;
  remove(): void;
}

/**
 * Applies the plan: cursor on the root element, background image and font family on the body, and
 * one <link id="cosmetic-font"> whose href is replaced (never a second link) when the font changes.
 * Everything the plan leaves null is reset to the theme's.
 */
export function applyCosmetics<L extends FontLink>(plan: CosmeticPlan, doc: CosmeticDocument<L>): void {
  doc.documentElement.style.cursor = plan.cursor === null ? '' : cursorValue(plan.cursor);
  doc.body.style.backgroundImage = plan.background === null ? '' : backgroundValue(plan.background);
  // Any picture may be behind the text: the page gets a readable backdrop while one is worn (cosmetics.css).
  doc.body.classList.toggle(BACKGROUND_CLASS, plan.background !== null);

  const existing = doc.getElementById(FONT_LINK_ID) as L | null;
  if (plan.font === null) {
    existing?.remove();
    doc.body.style.fontFamily = '';
    return;
  }
  const link = existing ?? doc.createElement('link');
  link.id = FONT_LINK_ID;
  link.rel = 'stylesheet';
  if (link.getAttribute('href') !== plan.font.url) link.href = plan.font.url;
  if (existing === null) doc.head.appendChild(link);
  doc.body.style.fontFamily = fontFamilyValue(plan.font.family);
}

const SAVED_PLAN_KEY = 'portal-cosmetics';

/** The last applied plan, so a reload wears it at once, before even IndexedDB has been opened. */
export function savePlan(plan: CosmeticPlan, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (plan.cursor === null && plan.background === null && plan.font === null) storage.removeItem(SAVED_PLAN_KEY);
    else storage.setItem(SAVED_PLAN_KEY, JSON.stringify(plan));
  } catch {
    // Storage refused: the plan is applied from Dexie a moment later instead.
  }
}

export function readSavedPlan(storage: Pick<Storage, 'getItem'> = localStorage): CosmeticPlan {
  try {
    const raw = storage.getItem(SAVED_PLAN_KEY);
    if (raw === null) return NO_COSMETICS;
    const value = JSON.parse(raw) as Partial<CosmeticPlan>;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    const font = value.font && text(value.font.url) && text(value.font.family) ? { url: value.font.url, family: value.font.family } : null;
    return { cursor: text(value.cursor), background: text(value.background), font };
  } catch {
    return NO_COSMETICS;
  }
}
