import { backgroundValue, cursorValue, fontFamilyValue, NO_COSMETICS, type CosmeticPlan } from '../../domain/cosmeticPlan.ts';

export const FONT_LINK_ID = 'cosmetic-font';
export const BACKGROUND_CLASS = 'cosmetic-background';

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
