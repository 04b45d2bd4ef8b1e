// Favourites live on this device only (Dexie `favourites`): the server has no favourites table yet,
// so they are not synced between devices. A visitor who is not signed in keeps them under DEVICE_USER.
import { guardQuota } from '../store/quota.ts';
import { partsOf, type DataSource } from './source.ts';

export const DEVICE_USER = '';

/** The ids of the apps this user (or the signed-out device) starred. */
export async function readFavouriteIds(source: DataSource, userId: string): Promise<ReadonlySet<string>> {
  const rows = await partsOf(source).db.favourites.where('user_id').equals(userId).toArray();
  return new Set(rows.map((row) => row.app_id));
}

/** Stars an app, or takes the star away; a full disk rejects with StorageFullError and changes nothing. */
export async function toggleFavourite(source: DataSource, userId: string, appId: string, now: Date = new Date()): Promise<void> {
  const { db } = partsOf(source);
  await guardQuota(() =>
    db.transaction('rw', db.favourites, async () => {
      const key: [string, string] = [userId, appId];
      if (await db.favourites.get(key)) await db.favourites.delete(key);
      else await db.favourites.put({ user_id: userId, app_id: appId, created_at: now.toISOString() });
    }),
  );
}
