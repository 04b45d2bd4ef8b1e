import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { usePortal } from '../../app/portal.tsx';
import { guardQuota } from '../../data/db.ts';

/**
 * Favourites live on this device only (Dexie `favourites`): the server has no favourites table yet,
 * so they are not synced between devices. A visitor who is not signed in keeps them under ''.
 */
export const DEVICE_USER = '';

export interface Favourites {
  ids: ReadonlySet<string>;
  toggle: (appId: string) => void;
}

const NONE: ReadonlySet<string> = new Set();

export function useFavourites(): Favourites {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? DEVICE_USER;
  const db = runtime?.db ?? null;
  const ids = useLiveQuery(
    async () => (db === null ? NONE : new Set((await db.favourites.where('user_id').equals(userId).toArray()).map((f) => f.app_id))),
    [db, userId],
  );
  const toggle = useCallback(
    (appId: string) => {
      if (db === null) return;
      void guardQuota(() =>
        db.transaction('rw', db.favourites, async () => {
          const key: [string, string] = [userId, appId];
          if (await db.favourites.get(key)) await db.favourites.delete(key);
          else await db.favourites.put({ user_id: userId, app_id: appId, created_at: new Date().toISOString() });
        }),
      ).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
    },
    [db, userId],
  );
  return { ids: ids ?? NONE, toggle };
}
