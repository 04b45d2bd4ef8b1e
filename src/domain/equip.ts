import { ITEM_NOT_EQUIPPABLE, ITEM_NOT_OWNED } from './messages.ts';

export const EQUIPPABLE_TYPES = ['cursor', 'background', 'font'] as const;
export type EquippableType = (typeof EQUIPPABLE_TYPES)[number];

/** A row of items_unlocked as the UI holds it. */
export interface UnlockedItem {
  item: string;
  type: string;
  equipped: boolean;
}

export type EquipResult<T extends UnlockedItem = UnlockedItem> =
  | { ok: true; items: T[] }
  | { ok: false; reason: typeof ITEM_NOT_OWNED | typeof ITEM_NOT_EQUIPPABLE };

const EQUIPPABLE = new Set<string>(EQUIPPABLE_TYPES);

export function isEquippable(type: string | null | undefined): type is EquippableType {
  return typeof type === 'string' && EQUIPPABLE.has(type);
}

/**
 * The owned items after equipping or unequipping `itemId`, as a new array; the input is never changed,
 * and untouched rows keep their identity so React can skip them. Equipping unequips every other item
 * of the same type: at most one cursor, one background and one font is worn. Unequipping works for any
 * owned item, so a stray flag on a badge can still be cleared.
 */
export function setEquipped<T extends UnlockedItem>(items: readonly T[], itemId: string, equipped: boolean): EquipResult<T> {
  const target = items.find((entry) => entry.item === itemId);
  if (target === undefined) return { ok: false, reason: ITEM_NOT_OWNED };
  if (equipped && !isEquippable(target.type)) return { ok: false, reason: ITEM_NOT_EQUIPPABLE };

  const next = items.map((entry) => {
    const wanted = entry.item === itemId ? equipped : equipped && entry.type === target.type ? false : entry.equipped;
    return wanted === entry.equipped ? entry : { ...entry, equipped: wanted };
  });
  return { ok: true, items: next };
}

/** The worn item id per equippable type; with more than one flagged (old data), the first in the list wins. */
export function equippedByType(items: readonly UnlockedItem[]): Partial<Record<EquippableType, string>> {
  const worn: Partial<Record<EquippableType, string>> = {};
  for (const entry of items) {
    if (entry.equipped && isEquippable(entry.type) && worn[entry.type] === undefined) worn[entry.type] = entry.item;
  }
  return worn;
}
