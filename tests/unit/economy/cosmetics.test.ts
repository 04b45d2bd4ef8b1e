import { describe, expect, it } from 'vitest';
import { fontFamilyValue, NO_COSMETICS, planCosmetics, type CosmeticPlan } from '../../../src/domain/cosmeticPlan.ts';
import { setEquipped } from '../../../src/domain/equip.ts';
import { applyCosmetics, FONT_LINK_ID, readSavedPlan, savePlan, type CosmeticDocument, type FontLink } from '../../../src/features/cosmetics/apply.ts';

const shop: Record<string, { asset: unknown }> = {
  sword_cursor: { asset: { url: '/cosmetics/cursors/sword_cursor.svg' } },
  magic_wand_cursor: { asset: { url: '/cosmetics/cursors/magic_wand_cursor.svg' } },
  cat_background: { asset: { url: '/cosmetics/backgrounds/cat_background.svg' } },
  pixel_font: { asset: { url: '/cosmetics/fonts/press-start-2p/press-start-2p.css', font_family: 'Press Start 2P' } },
  spooky_font: { asset: { url: '/cosmetics/fonts/creepster/creepster.css', font_family: 'Creepster' } },
  broken_font: { asset: { url: '/x.css' } },
  gold_hoarder_badge: { asset: { url: '/cosmetics/badges/gold_hoarder_badge.svg' } },
};
const lookup = (id: string) => shop[id] as { asset: never } | undefined;

const owned = [
  { item: 'sword_cursor', type: 'cursor', equipped: false },
  { item: 'magic_wand_cursor', type: 'cursor', equipped: false },
  { item: 'cat_background', type: 'background', equipped: false },
  { item: 'pixel_font', type: 'font', equipped: false },
  { item: 'spooky_font', type: 'font', equipped: false },
  { item: 'gold_hoarder_badge', type: 'badge', equipped: false },
];

function equip(items: typeof owned, id: string, on = true) {
  const result = setEquipped(items, id, on);
  if (!result.ok) throw new Error(result.reason);
  return result.items;
}

/** Just enough of a document: the root and body styles, the head, and elements by id. */
function fakeDocument() {
  const nodes = new Map<string, FakeLink>();
  const head: FakeLink[] = [];
  class FakeLink implements FontLink {
    id = '';
    rel = '';
    private attr: string | null = null;
    get href() {
      return this.attr ?? '';
    }
    set href(value: string) {
      this.attr = value;
      hrefWrites += 1;
    }
    getAttribute(name: string) {
      return name === 'href' ? this.attr : null;
    }
    remove() {
      head.splice(head.indexOf(this), 1);
      nodes.delete(this.id);
    }
  }
  let hrefWrites = 0;
  const classes = new Set<string>();
  const doc: CosmeticDocument<FakeLink> = {
    documentElement: { style: { cursor: '' } },
    body: {
      style: { backgroundImage: '', fontFamily: '' },
      classList: {
        toggle(token: string, force?: boolean) {
          const on = force ?? !classes.has(token);
          if (on) classes.add(token);
          else classes.delete(token);
          return on;
        },
      },
    },
    head: {
      appendChild(node) {
        head.push(node);
        nodes.set(node.id, node);
      },
    },
    getElementById: (id) => nodes.get(id) ?? null,
    createElement: () => new FakeLink(),
  };
  return { doc, head, classes, hrefWrites: () => hrefWrites };
}

describe('planCosmetics', () => {
  it('wears nothing when nothing is equipped', () => {
    expect(planCosmetics(owned, lookup)).toEqual(NO_COSMETICS);
  });

  it('wears one item per type: equipping another cursor replaces the first', () => {
    let items = equip(owned, 'sword_cursor');
    items = equip(items, 'cat_background');
    items = equip(items, 'pixel_font');
    expect(planCosmetics(items, lookup)).toEqual({
      cursor: '/cosmetics/cursors/sword_cursor.svg',
      background: '/cosmetics/backgrounds/cat_background.svg',
      font: { url: '/cosmetics/fonts/press-start-2p/press-start-2p.css', family: 'Press Start 2P' },
    });
    items = equip(items, 'magic_wand_cursor');
    expect(planCosmetics(items, lookup).cursor).toBe('/cosmetics/cursors/magic_wand_cursor.svg');
    items = equip(items, 'cat_background', false);
    expect(planCosmetics(items, lookup).background).toBeNull();
  });

  it('ignores items whose asset is unknown on this device or incomplete', () => {
    const items = [
      { item: 'unknown_cursor', type: 'cursor', equipped: true },
      { item: 'broken_font', type: 'font', equipped: true },
    ];
    expect(planCosmetics(items, lookup)).toEqual(NO_COSMETICS);
  });
});

describe('applyCosmetics', () => {
  const full: CosmeticPlan = {
    cursor: '/cosmetics/cursors/sword_cursor.svg',
    background: '/cosmetics/backgrounds/cat_background.svg',
    font: { url: '/cosmetics/fonts/press-start-2p/press-start-2p.css', family: 'Press Start 2P' },
  };

  it('sets the page cursor, the body background and one font stylesheet with the body font family', () => {
    const { doc, head, classes } = fakeDocument();
    applyCosmetics(full, doc);
    expect(classes.has('cosmetic-background')).toBe(true);
    expect(doc.documentElement.style.cursor).toBe('url("/cosmetics/cursors/sword_cursor.svg"), auto');
    expect(doc.body.style.backgroundImage).toBe('url("/cosmetics/backgrounds/cat_background.svg")');
    expect(doc.body.style.fontFamily).toBe('"Press Start 2P", system-ui, sans-serif');
    expect(head).toHaveLength(1);
    expect(head[0]).toMatchObject({ id: FONT_LINK_ID, rel: 'stylesheet', href: full.font!.url });
  });

  it('replaces the font link rather than adding another, and leaves an unchanged one alone', () => {
    const { doc, head, hrefWrites } = fakeDocument();
    applyCosmetics(full, doc);
    applyCosmetics(full, doc);
    expect(hrefWrites()).toBe(1);
    applyCosmetics({ ...full, font: { url: '/cosmetics/fonts/creepster/creepster.css', family: 'Creepster' } }, doc);
    expect(head).toHaveLength(1);
    expect(head[0]?.href).toBe('/cosmetics/fonts/creepster/creepster.css');
    expect(doc.body.style.fontFamily).toBe('"Creepster", system-ui, sans-serif');
  });

  it('resets each part on unequip: default cursor, no background image, no font link, default font', () => {
    const { doc, head, classes } = fakeDocument();
    applyCosmetics(full, doc);
    applyCosmetics(NO_COSMETICS, doc);
    expect(classes.size).toBe(0);
    expect(doc.documentElement.style.cursor).toBe('');
    expect(doc.body.style.backgroundImage).toBe('');
    expect(doc.body.style.fontFamily).toBe('');
    expect(head).toHaveLength(0);
  });

  it('uses a font list as it stands and quotes urls safely', () => {
    expect(fontFamilyValue('"Hollowed Typewriter", "Courier New", monospace')).toBe('"Hollowed Typewriter", "Courier New", monospace');
    const { doc } = fakeDocument();
    applyCosmetics({ ...NO_COSMETICS, cursor: '/a"b.svg' }, doc);
    expect(doc.documentElement.style.cursor).toBe('url("/a\\"b.svg"), auto');
  });
});

describe('the saved plan', () => {
  function memory() {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      size: () => data.size,
    };
  }

  it('round-trips, forgets an empty plan, and treats damaged data as nothing worn', () => {
    const storage = memory();
    const plan: CosmeticPlan = { cursor: '/c.svg', background: null, font: { url: '/f.css', family: 'F' } };
    savePlan(plan, storage);
    expect(readSavedPlan(storage)).toEqual(plan);
    savePlan(NO_COSMETICS, storage);
    expect(storage.size()).toBe(0);
    storage.setItem('portal-cosmetics', '{not json');
    expect(readSavedPlan(storage)).toEqual(NO_COSMETICS);
    storage.setItem('portal-cosmetics', JSON.stringify({ cursor: 5, font: { url: '/f.css' } }));
    expect(readSavedPlan(storage)).toEqual(NO_COSMETICS);
  });
});
