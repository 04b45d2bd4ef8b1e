// The navbar's sync status. It is part of the shell, so this module never loads Dexie statically: the
// engine's status comes from the runtime once it is there, and a discard loads the outbox's door on demand.
import { useCallback, useSyncExternalStore } from 'react';
import type { SyncStatus } from '../sync/engine.ts';
import { describeItem, failsInPlace } from '../sync/kinds/registry.ts';
import { usePortal } from './portal.tsx';

export type { SyncStatus } from '../sync/engine.ts';

/** A change the server refused, as the status lists it. */
export interface FailedChange {
  id: string;
  /** What it was: 'Buy item: Sword cursor'. */
  description: string;
  /** The server's reason, when it gave one. */
  why: string | null;
}

export interface SyncStatusView {
  /** null until the data runtime is there. */
  status: SyncStatus | null;
  /** Refused changes the status lists (a refused chat message waits in the chat instead). */
  failed: FailedChange[];
  /** Lets a change go, its effect taken back, then sends what is still queued. */
  discard: (id: string) => Promise<void>;
}

const noStatus = () => null;
const noSubscription = () => () => undefined;

export function useSyncStatus(): SyncStatusView {
  const { runtime } = usePortal();
  const engine = runtime === null ? null : runtime.engine;
  const subscribe = useCallback((onChange: () => void) => (engine === null ? noSubscription() : engine.subscribe(onChange)), [engine]);
  const status = useSyncExternalStore(subscribe, () => (engine === null ? null : engine.getStatus()), noStatus);
  const failed = (status?.failed ?? [])
    .filter((item) => !failsInPlace(item))
    .map((item) => ({ id: item.id, description: describeItem(item), why: item.lastError?.message ?? null }));

  async function discard(id: string): Promise<void> {
    if (runtime === null) return;
    const { discardMutation } = await import('../data/queue.ts');
    await discardMutation(runtime.data, id);
    await runtime.engine.drainNow();
  }

  return { status, failed, discard };
}
