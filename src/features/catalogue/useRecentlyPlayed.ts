import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { usePortal } from '../../app/portal.tsx';
import { isOnline } from '../../data/online.ts';
import { refreshRecentPlays } from '../../data/queries/refreshRecentPlays.ts';
import { readRecentlyPlayed } from '../../data/recentPlays.ts';

const NONE: string[] = [];

/** Ids of the apps this user (or this device, signed out) played last, newest first; undefined until read. */
export function useRecentlyPlayed(): string[] | undefined {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? null;
  const data = runtime?.data ?? null;
  useEffect(() => {
    if (data === null || userId === null || !isOnline()) return;
    // Offline or refused, the list on this device is still right to show.
    refreshRecentPlays(data, userId).catch(() => undefined);
  }, [data, userId]);
  return useLiveQuery(() => (data === null ? NONE : readRecentlyPlayed(data, userId)), [data, userId]);
}
