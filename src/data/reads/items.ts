import type { ItemRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The items this student has unlocked, pending ones included. */
export function readOwnedItems(source: DataSource, userId: string): Promise<ItemRow[]> {
  return partsOf(source).db.items.where('user_id').equals(userId).toArray();
}

export function readOwnedItem(source: DataSource, userId: string, itemId: string): Promise<ItemRow | undefined> {
  return partsOf(source).db.items.get([userId, itemId]);
}
