import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLock, defaultLock, OUTBOX_LOCK_NAME, webLock } from '../../../src/sync/lock.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outbox locks', () => {
  it('asks Web Locks for portal-outbox without waiting, and skips the drain when another tab holds it', async () => {
    const requests: { name: string; options: LockOptions }[] = [];
    let heldElsewhere = false;
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) => {
          requests.push({ name, options });
          return callback(heldElsewhere ? null : ({ name, mode: 'exclusive' }));
        },
      },
    });
    const lock = webLock();
    expect(lock).toBeDefined();
    const ran: string[] = [];
    expect(await lock!(async () => void ran.push('first'))).toBe(true);
    heldElsewhere = true;
    expect(await lock!(async () => void ran.push('second'))).toBe(false);
    expect(ran).toEqual(['first']);
    expect(requests).toEqual([
      { name: OUTBOX_LOCK_NAME, options: { ifAvailable: true } },
      { name: OUTBOX_LOCK_NAME, options: { ifAvailable: true } },
    ]);
  });

  it('falls back to an in-memory lock without Web Locks', async () => {
    vi.stubGlobal('navigator', {});
    expect(webLock()).toBeUndefined();
    const lock = defaultLock();
    let release!: () => void;
    const holding = lock(() => new Promise<void>((resolve) => (release = resolve)));
    expect(await lock(async () => {})).toBe(false);
    release();
    expect(await holding).toBe(true);
    expect(await lock(async () => {})).toBe(true);
  });

  it('releases the memory lock when the holder throws', async () => {
    const lock = createMemoryLock();
    await expect(lock(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock(async () => {})).toBe(true);
  });
});
