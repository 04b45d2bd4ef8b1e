// @vitest-environment happy-dom
// Item and profile pictures are drawn without any emoji font: a school machine without one showed a box
// for every emoji. Every item the migrations and the seed ship, and every item type with only an emoji,
// must draw as an image of the portal's own or as the icon set's SVG, with no emoji in its text.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ICONS, iconLook } from '../../../src/domain/profileIcons.ts';
import { ItemPicture } from '../../../src/ui/ItemPicture.tsx';
import { ProfileIcon } from '../../../src/ui/ProfileIcon.tsx';
import { stage, type Stage } from './render.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const EMOJI = /\p{Extended_Pictographic}/u;
const TYPES = ['special', 'background', 'cursor', 'badge', 'font', 'coin', 'icon'];

interface ShippedItem {
  id: string;
  name: string;
  type: string;
  preview_emoji: string;
  asset: unknown;
}

/** The rows of every `insert into public.shop_items` in the migrations and the seed. */
function shippedItems(): ShippedItem[] {
  const dir = join(ROOT, 'supabase', 'migrations');
  const files = [...readdirSync(dir).map((file) => join(dir, file)), join(ROOT, 'supabase', 'seed.sql')];
  const row = /\(\s*'([a-z0-9_-]+)',\s*'((?:[^']|'')*)',\s*'(?:[^']|'')*',\s*'([^']*)',\s*(?:null|\d+),\s*'\w+',\s*[^,]+,\s*'(\w+)',\s*'(\{[^']*\})'/g;
  const items: ShippedItem[] = [];
  for (const file of files) {
    for (const block of readFileSync(file, 'utf8').split(/insert into public\.shop_items/i).slice(1)) {
      const values = block.split(/;\s*$/m)[0] ?? '';
      for (const match of values.matchAll(row)) {
        items.push({ id: match[1]!, name: match[2]!, preview_emoji: match[3]!, type: match[4]!, asset: JSON.parse(match[5]!) });
      }
    }
  }
  return items;
}

const shown: Stage[] = [];
afterEach(() => {
  for (const view of shown.splice(0)) view.unmount();
});

function draw(node: ReactNode): HTMLElement {
  const view = stage();
  shown.push(view);
  view.render(node);
  return view.container;
}

/** What a student sees of a picture: no emoji in its text, and something drawn (an SVG, an image of ours, letters). */
function expectDrawnWithoutEmoji(container: HTMLElement, name: string) {
  const text = container.textContent ?? '';
  expect(text, name).not.toMatch(EMOJI);
  const image = container.querySelector('img');
  const drawn = container.querySelector('svg') !== null || image !== null || /\w/.test(text);
  expect(drawn, name).toBe(true);
  if (image) {
    const src = image.getAttribute('src') ?? '';
    expect(src, name).toMatch(/^\//);
    const file = join(ROOT, 'public', src);
    expect(existsSync(file), `${name}: ${src} is bundled`).toBe(true);
    // A picture of ours that writes an emoji as SVG text needs the same font.
    expect(readFileSync(file, 'utf8'), `${name}: ${src}`).not.toMatch(EMOJI);
  }
}

describe('item pictures', () => {
  const items = shippedItems();

  it('reads every shipped item, of every type', () => {
    expect(items.length).toBeGreaterThanOrEqual(50);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(TYPES));
    // The catalogue does carry emoji: that is what the pictures must not fall back to.
    expect(items.filter((item) => EMOJI.test(item.preview_emoji)).length).toBeGreaterThan(40);
  });

  it.each(items.map((item) => [item.id, item] as const))('%s draws without an emoji', (_, item) => {
    expectDrawnWithoutEmoji(draw(<ItemPicture item={item} size={64} />), item.id);
  });

  it.each(TYPES)('a %s with nothing but an emoji draws without it', (type) => {
    expectDrawnWithoutEmoji(draw(<ItemPicture item={{ type, asset: { icon: '🦄', color: '#3b82f6' } }} size={48} />), type);
  });
});

describe('profile icons', () => {
  it.each(DEFAULT_ICONS.map((icon) => [icon.id] as const))('%s draws without an emoji', (id) => {
    const container = draw(<ProfileIcon icon={id} size={44} />);
    expectDrawnWithoutEmoji(container, id);
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('an owned icon item with no picture of its own draws a glyph, not its emoji', () => {
    const item = { id: 'unicorn_icon', name: 'Unicorn', preview_emoji: '🦄', asset: { color: '#3b82f6' } };
    const container = draw(<ProfileIcon icon={item.id} size={44} look={iconLook(item.id, [item])} />);
    expectDrawnWithoutEmoji(container, item.id);
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
