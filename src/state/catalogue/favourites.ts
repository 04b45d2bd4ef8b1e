import { useLiveRead } from '../liveRead.ts';
import { useCallback, useLayoutEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { DEVICE_USER, readFavouriteIds, toggleFavourite } from '../../data/favourites.ts';
import { shelvesLikely } from '../../data/shelfHint.ts';
import type { DataSource } from '../../data/source.ts';
import { usePortal } from '../portal.tsx';

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
  // Tagged with the runtime it was read through: a read from before the runtime came is not taken for this device's list.
  const read = useLiveRead(async () => ({ data, ids: data === null ? NONE : await readFavouriteIds(data, userId) }), [data, userId]);
  const ids = read?.data === data ? read.ids : undefined;
  // One function for the page's life: every card holds it, and a new one when the runtime or the student
  // arrives would re-render every card for nothing. A star tapped before the runtime has loaded (the list
  // shows first) is kept and applied once it has, never dropped.
  const current = useRef({ data, userId });
  const waiting = useRef<string[]>([]);
  const apply = useCallback((source: DataSource, owner: string, appId: string) => {
    toggleFavourite(source, owner, appId).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  }, []);
  useLayoutEffect(() => {
    current.current = { data, userId };
    if (data === null) return;
    for (const appId of waiting.current.splice(0)) apply(data, userId, appId);
  }, [data, userId, apply]);
  const toggle = useCallback(
    (appId: string) => {
      const { data: source, userId: owner } = current.current;
      if (source === null) waiting.current.push(appId);
      else apply(source, owner, appId);
    },
    [apply],
  );
  // Before the runtime, the device's note of its shelves says whether any favourite may come (data/shelfHint.ts).
  return { ids: ids ?? NONE, known: data === null ? !shelvesLikely() : ids !== undefined, toggle };
}
