import { useEffect, useState } from 'react';
import { useLoading } from '../../app/loading.tsx';
import { usePortal } from '../../app/portal.tsx';
import type { PortalRuntime } from '../../app/runtime.ts';

/**
 * Runs a refresh of server data into Dexie when the page opens (and again for another user). The page
 * keeps rendering from Dexie meanwhile; a failed refresh (offline) leaves the mirror as it was.
 */
export function useRefresh(names: readonly string[], refresh: (runtime: PortalRuntime, userId: string | null) => Promise<unknown>): void {
  const { runtime, session } = usePortal();
  const { start, done } = useLoading();
  const userId = session?.user.id ?? null;
  useEffect(() => {
    if (runtime === null) return;
    start(...names);
    refresh(runtime, userId)
      .catch(() => undefined)
      .finally(() => done(...names));
    // The names and the refresh are fixed per page: only the runtime and the user start a new one.
  }, [runtime, userId]);
}

/** The current time, updated every `intervalMs` (each second by default) for countdowns. */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const handle = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(handle);
  }, [intervalMs]);
  return now;
}
