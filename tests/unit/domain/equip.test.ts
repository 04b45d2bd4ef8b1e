import { describe, expect, it } from 'vitest';
import {
  EQUIPPABLE_TYPES,
  equippedByType,
  isEquippable,
  setEquipped,
  type UnlockedItem,
} from '../../../src/domain/equip.ts';
import { ITEM_NOT_EQUIPPABLE, ITEM_NOT_OWNED } from '../../../src/domain/messages.ts';

const owned: readonly UnlockedItem[] = Object.freeze([
  Object.freeze({ item: 'sword_cursor', type: 'cursor', equipped: true }),
  Object.freeze({ item: 'paw_cursor', type: 'cursor', equipped: false }),
  Object.freeze({ item: 'cat_bg', type: 'background', equipped: false }),
  Object.freeze({ item: 'pink_bg', type: 'background', equipped: true }),
  Object.freeze({ item: 'comic_font', type: 'font', equipped: false }),
  Object.freeze({ item: 'gold_hoarder', type: 'badge', equipped: false }),
  Object.freeze({ item: 'desktop_goose', type: 'special', equipped: false }),
]);

const flags = (items: readonly UnlockedItem[]) => Object.fromEntries(items.map((i) => [i.item, i.equipped]));

describe('isEquippable', () => {
  it.each([
    ['cursor', true],
    ['background', true],
    ['font', true],
    ['badge', false],
    ['special', false],
    ['coin', false],
    ['icon', false],
    ['Cursor', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (type, expected) => {
    expect(isEquippable(type)).toBe(expected);
  });

  it('EQUIPPABLE_TYPES is cursor, background, font', () => {
    expect(EQUIPPABLE_TYPES).toEqual(['cursor', 'background', 'font']);
  });
});

describe('setEquipped', () => {
  it.each([
    [
      'equipping a cursor takes the other cursor off',
      'paw_cursor',
      true,
      { sword_cursor: false, paw_cursor: true, pink_bg: true },
    ],
    ['equipping a background takes the other off', 'cat_bg', true, { cat_bg: true, pink_bg: false, sword_cursor: true }],
    ['equipping a font with none worn', 'comic_font', true, { comic_font: true, sword_cursor: true, pink_bg: true }],
    ['equipping the worn item again changes nothing', 'sword_cursor', true, { sword_cursor: true, paw_cursor: false }],
    ['unequipping clears only that item', 'sword_cursor', false, { sword_cursor: false, paw_cursor: false, pink_bg: true }],
    ['unequipping an item not worn changes nothing', 'paw_cursor', false, { sword_cursor: true, paw_cursor: false }],
    ['unequipping a badge is allowed (repairs stray flags)', 'gold_hoarder', false, { gold_hoarder: false }],
  ] as const)('%s', (_label, itemId, equipped, expected) => {
    const result = setEquipped(owned, itemId, equipped);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(flags(result.items)).toMatchObject(expected);
    expect(result.items.map((i) => i.item)).toEqual(owned.map((i) => i.item));
    for (const type of EQUIPPABLE_TYPES) {
      expect(result.items.filter((i) => i.type === type && i.equipped).length).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    ['an item not owned', 'duck_icon', true, ITEM_NOT_OWNED],
    ['unequipping an item not owned', 'duck_icon', false, ITEM_NOT_OWNED],
    ['an empty id', '', true, ITEM_NOT_OWNED],
    ['a badge', 'gold_hoarder', true, ITEM_NOT_EQUIPPABLE],
    ['a special', 'desktop_goose', true, ITEM_NOT_EQUIPPABLE],
  ])('refuses equipping %s', (_label, itemId, equipped, reason) => {
    expect(setEquipped(owned, itemId, equipped)).toEqual({ ok: false, reason });
  });

  it('refuses on an empty inventory', () => {
    expect(setEquipped([], 'sword_cursor', true)).toEqual({ ok: false, reason: ITEM_NOT_OWNED });
  });

  it('never mutates; returns a new array; untouched rows keep their identity', () => {
    const result = setEquipped(owned, 'paw_cursor', true);
    if (!result.ok) throw new Error('expected ok');
    expect(result.items).not.toBe(owned);
    expect(owned[0]?.equipped).toBe(true);
    expect(owned[1]?.equipped).toBe(false);
    expect(result.items[2]).toBe(owned[2]);
    expect(result.items[0]).not.toBe(owned[0]);
  });

  it('a no-op still returns a new array', () => {
    const result = setEquipped(owned, 'sword_cursor', true);
    if (!result.ok) throw new Error('expected ok');
    expect(result.items).not.toBe(owned);
    expect(result.items).toEqual(owned);
  });

  it('repairs data with two worn cursors when one is equipped', () => {
    const messy: UnlockedItem[] = [
      { item: 'a', type: 'cursor', equipped: true },
      { item: 'b', type: 'cursor', equipped: true },
      { item: 'c', type: 'cursor', equipped: false },
    ];
    const result = setEquipped(messy, 'c', true);
    if (!result.ok) throw new Error('expected ok');
    expect(flags(result.items)).toEqual({ a: false, b: false, c: true });
  });

  it('keeps extra fields of the rows (created_at, user_id)', () => {
    const rows = [
      { item: 'a', type: 'font', equipped: false, created_at: '2025-10-01T00:00:00Z', user_id: 'u1' },
      { item: 'b', type: 'font', equipped: true, created_at: '2025-10-02T00:00:00Z', user_id: 'u1' },
    ];
    const result = setEquipped(rows, 'a', true);
    if (!result.ok) throw new Error('expected ok');
    expect(result.items).toEqual([
      { ...rows[0], equipped: true },
      { ...rows[1], equipped: false },
    ]);
  });
});

describe('equippedByType', () => {
  it('maps each worn equippable type to its item', () => {
    expect(equippedByType(owned)).toEqual({ cursor: 'sword_cursor', background: 'pink_bg' });
  });

  it('is empty with nothing worn', () => {
    expect(equippedByType([])).toEqual({});
    expect(equippedByType(owned.map((i) => ({ ...i, equipped: false })))).toEqual({});
  });

  it('ignores equipped flags on types that cannot be worn', () => {
    expect(equippedByType([{ item: 'gold_hoarder', type: 'badge', equipped: true }])).toEqual({});
  });

  it('takes the first worn item of a type when old data has two', () => {
    expect(
      equippedByType([
        { item: 'a', type: 'font', equipped: true },
        { item: 'b', type: 'font', equipped: true },
      ]),
    ).toEqual({ font: 'a' });
  });

  it('follows setEquipped', () => {
    const result = setEquipped(owned, 'comic_font', true);
    if (!result.ok) throw new Error('expected ok');
    expect(equippedByType(result.items)).toEqual({ cursor: 'sword_cursor', background: 'pink_bg', font: 'comic_font' });
  });
});
