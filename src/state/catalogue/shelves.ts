import { useEffect, useMemo, useState } from 'react';
import { rememberShelves } from '../../data/shelfHint.ts';
import type { AppRow } from '../../store/db.ts';
import { usePortal } from '../portal.tsx';
import { useFavourites } from './favourites.ts';
import { useRecentlyPlayed } from './recentlyPlayed.ts';

export interface Shelves {
  /** The starred games, in the list's order. */
  favourites: AppRow[];
  /** The games played last, newest first. */
  recent: AppRow[];
  favouriteIds: ReadonlySet<string>;
  toggleFavourite: (appId: string) => void;
  /**
   * Whether the shelves' places are known, so a list below them can show without being pushed down when
   * they arrive (two reads of this device's storage, a few milliseconds). Once true it stays true: when the
   * runtime arrives, its reads replace the device's note of the shelves (data/shelfHint.ts) without taking
   * the list away while they run.
   */
  known: boolean;
}

/**
 * The student's own shelves above a list of `apps`: favourites and recently played. With `wanted` false (a
 * category's list) there are none to wait for, but the stars still work.
 */
export function useShelves(apps: readonly AppRow[], wanted: boolean): Shelves {
  const { ids, known: favouritesKnown, toggle } = useFavourites();
  const recentIds = useRecentlyPlayed();
  const byId = useMemo(() => new Map(apps.map((app) => [app.id, app])), [apps]);
  const favourites = useMemo(() => apps.filter((app) => ids.has(app.id)), [apps, ids]);
  const recent = useMemo(() => (recentIds ?? []).map((id) => byId.get(id)).filter((app) => app !== undefined), [recentIds, byId]);
  const readsKnown = favouritesKnown && recentIds !== undefined;
  const ready = !wanted || readsKnown;
  const [shown, setShown] = useState(ready);
  if (ready && !shown) setShown(true);

  // What this device's shelves hold, as read through the runtime: the next page that opens before the
  // runtime knows whether to wait for them.
  const throughRuntime = usePortal().runtime !== null;
  const anyShelf = ids.size > 0 || (recentIds?.length ?? 0) > 0;
  useEffect(() => {
    if (wanted && readsKnown && throughRuntime) rememberShelves(anyShelf);
  }, [wanted, readsKnown, throughRuntime, anyShelf]);

  return { favourites, recent, favouriteIds: ids, toggleFavourite: toggle, known: shown || ready };
}
