/**
 * Runs `run` only if no other holder (another tab, another engine) is draining the outbox;
 * resolves to whether it ran. Never waits for the lock: the holder drains everything anyway.
 */
export type OutboxLock = (run: () => Promise<void>) => Promise<boolean>;

export const OUTBOX_LOCK_NAME = 'portal-outbox';

/** Web Locks: one holder across every tab of the origin, released when a tab dies. */
export function webLock(name: string = OUTBOX_LOCK_NAME): OutboxLock | undefined {
  const locks = globalThis.navigator?.locks;
  if (!locks) return undefined;
  return (run) =>
    locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await run();
      return true;
    });
}

/** One holder within this JavaScript realm: the fallback without Web Locks, and the shared lock in tests. */
export function createMemoryLock(): OutboxLock {
  let held = false;
  return async (run) => {
    if (held) return false;
    held = true;
    try {
      await run();
      return true;
    } finally {
      held = false;
    }
  };
}

export function defaultLock(): OutboxLock {
  return webLock() ?? createMemoryLock();
}
