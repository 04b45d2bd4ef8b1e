import { useEffect, useEffectEvent } from 'react';
import { useLoading } from './loading.tsx';
import { usePortal } from './portal.tsx';
import type { PortalRuntime } from './runtime.ts';

/**
 * Runs a refresh of server data into Dexie when the page opens, and again when the runtime arrives or
 * another student signs in, with the page's loading labels set meanwhile. The page keeps rendering from
 * Dexie; a failed refresh (offline) leaves the mirror as it was.
 */
export function useRefresh(names: readonly string[], refresh: (runtime: PortalRuntime, userId: string | null) => Promise<unknown>): void {
  const { runtime, session } = usePortal();
  const { start, done } = useLoading();
  const userId = session?.user.id ?? null;
  // The labels and the refresh belong to the page; only the runtime and the user start a new one.
  const run = useEffectEvent((current: PortalRuntime, user: string | null) => {
    start(...names);
    refresh(current, user)
      .catch(() => undefined)
      .finally(() => done(...names));
  });
  useEffect(() => {
    if (runtime !== null) run(runtime, userId);
  }, [runtime, userId]);
}
