import type { OutboxItem } from '../store/db.ts';

/** What the sync indicator shows, and who is told when it changes. */

export type SyncState = 'offline' | 'idle' | 'syncing' | 'error';

export interface SyncStatus {
  state: SyncState;
  pending: number;
  failed: OutboxItem[];
  /** Why the last attempt did not get through (while state is 'error'). */
  lastError: string | null;
}

// Function properties, not methods: the engine hands them on as they are.
export interface StatusBoard {
  readonly current: SyncStatus;
  readonly set: (patch: Partial<SyncStatus>) => void;
  /** Tells `listener` the status now and on every change, until the returned function is called. */
  readonly subscribe: (listener: (status: SyncStatus) => void) => () => void;
}

export function createStatusBoard(isOnline: () => boolean): StatusBoard {
  let status: SyncStatus = { state: isOnline() ? 'idle' : 'offline', pending: 0, failed: [], lastError: null };
  const listeners = new Set<(s: SyncStatus) => void>();
  return {
    get current() {
      return status;
    },
    set: (patch) => {
      // A drain that ends after the 'offline' event (its call failed, or it found nothing to send) must not
      // paint over it: the indicator would say "N pending" instead of "Offline" until the network returned.
      const offlineNow = patch.state !== undefined && patch.state !== 'offline' && !isOnline();
      status = { ...status, ...patch, ...(offlineNow ? { state: 'offline' as const } : {}) };
      for (const listener of listeners) listener(status);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
  };
}
