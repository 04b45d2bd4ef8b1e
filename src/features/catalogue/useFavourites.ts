import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { usePortal } from '../../app/portal.tsx';
import { DEVICE_USER, readFavouriteIds, toggleFavourite } from '../../data/favourites.ts';

export interface Favourites {
  ids: ReadonlySet<string>;
  /** False until this device's list has been read: a shelf of them may still appear. */
  known: boolean;
  toggle: (appId: string) => void;
}

const NONE: ReadonlySet<string> = new Set();

/** The starred apps of the signed-in student (or of this device, signed out), kept on this device only. */
export function useFavourites(): Favourites {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? DEVICE_USER;
  const data = runtime?.data ?? null;
  const ids = useLiveQuery(() => (data === null ? NONE : readFavouriteIds(data, userId)), [data, userId]);
  const toggle = useCallback(
    (appId: string) => {
      if (data === null) return;
      toggleFavourite(data, userId, appId).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
    },
    [data, userId],
  );
  return { ids: ids ?? NONE, known: ids !== undefined, toggle };
}
