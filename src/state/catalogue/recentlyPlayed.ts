import { useLiveRead } from '../liveRead.ts';
import { useEffect } from 'react';
import { isOnline } from '../../data/online.ts';
import { refreshRecentPlays } from '../../data/queries/refreshRecentPlays.ts';
import { readRecentlyPlayed } from '../../data/recentPlays.ts';
import { shelvesLikely } from '../../data/shelfHint.ts';
import { usePortal } from '../portal.tsx';

const NONE: string[] = [];

/**
 * Ids of the apps this user (or this device, signed out) played last, newest first; undefined until read.
 * Before the runtime, none when the device's note of its shelves says none may come (data/shelfHint.ts).
 */
export function useRecentlyPlayed(): string[] | undefined {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? null;
  const data = runtime?.data ?? null;
  useEffect(() => {
    if (data === null || userId === null || !isOnline()) return;
    // Offline or refused, the list on this device is still right to show.
    refreshRecentPlays(data, userId).catch(() => undefined);
  }, [data, userId]);
  // Tagged with the runtime it was read through: a read from before the runtime came is not taken for this device's list.
  const read = useLiveRead(async () => ({ data, ids: data === null ? NONE : await readRecentlyPlayed(data, userId) }), [data, userId]);
  if (data === null) return shelvesLikely() ? undefined : NONE;
  return read?.data === data ? read.ids : undefined;
}
