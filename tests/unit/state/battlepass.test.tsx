// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_LOGGED_IN } from '../../../src/domain/messages.ts';
import { SEASONS_CACHE_KEY, SEASONS_CACHE_VERSION } from '../../../src/store/seasonRows.ts';
import { usePass } from '../../../src/state/battlepass.ts';
import { notice } from '../../../src/ui/notice.tsx';
import { GHOST, HOLLOWED, seedPass, seedUser } from '../sync/seed.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof usePass>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

/** A day inside the Hollowed Pass's window. */
const DURING = new Date('2025-10-20T12:00:00Z');
const LATER: typeof HOLLOWED = { ...HOLLOWED, season: 3, name: 'Frozen Pass', starts_at: '2025-12-01T00:00:00Z', ends_at: '2026-01-15T00:00:00Z' };

async function claim(tier: number): Promise<boolean> {
  let queued = false;
  await act(async () => {
    queued = await stage!.current.claimTier(tier);
  });
  await settle();
  return queued;
}

describe('usePass', () => {
  it('shows nothing before the runtime is there', async () => {
    stage = renderHook(() => usePass(DURING), LOADING);
    await settle();
    expect(stage.current.ready).toBe(false);
    expect(stage.current.seasons).toBeUndefined();
    expect(stage.current.track).toBeUndefined();
  });

  it('tells a device that never loaded the pass (null) from one that has', async () => {
    const fake = fakeRuntime();
    stage = renderHook(() => usePass(DURING), signedIn(fake.runtime));
    await settle();
    expect(stage.current.ready).toBe(true);
    expect(stage.current.seasons).toBeNull();
    expect(stage.current.season).toBeUndefined();
  });

  it('shows the running season’s track with the device’s gains: reached tiers claimable, the next locked', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db);
    await seedPass(fake.db, 300);
    stage = renderHook(() => usePass(DURING), signedIn(fake.runtime));
    await settle();
    expect(stage.current.season?.season).toBe(HOLLOWED.season);
    expect(stage.current.track?.gained).toBe(300);
    expect(stage.current.track?.tiers.map((tier) => tier.state)).toEqual(['claimable', 'claimable', 'locked']);
    expect(stage.current.track?.items.get(GHOST.id)?.name).toBe(GHOST.name);
  });

  it('a claim is applied on the device at once (the reward is in the collection) and waits in the outbox', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db);
    await seedPass(fake.db, 300);
    stage = renderHook(() => usePass(DURING), signedIn(fake.runtime));
    await settle();
    expect(await claim(2)).toBe(true);
    expect(stage.current.track?.tiers.map((tier) => tier.state)).toEqual(['claimable', 'claimed', 'locked']);
    expect(await fake.db.outbox.where('userId').equals(USER).count()).toBe(1);
  });

  it('signed out, shows the rewards with no progress, and a claim shows the spec’s notice and queues nothing', async () => {
    const error = vi.spyOn(notice, 'error').mockImplementation(() => '');
    const fake = fakeRuntime();
    await seedPass(fake.db, 300);
    stage = renderHook(() => usePass(DURING), { ...SIGNED_OUT, runtime: fake.runtime });
    await settle();
    expect(stage.current.account).toBe('signed-out');
    expect(stage.current.track?.gained).toBe(0);
    expect(stage.current.track?.tiers.every((tier) => tier.state === 'locked')).toBe(true);
    expect(await claim(1)).toBe(false);
    expect(error).toHaveBeenCalledWith(NOT_LOGGED_IN, expect.anything());
    expect(await fake.db.outbox.count()).toBe(0);
  });

  it('shows the season the student picks, and the track of that season only', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db);
    await seedPass(fake.db, 300);
    await fake.db.cache.put({ key: SEASONS_CACHE_KEY, version: SEASONS_CACHE_VERSION, storedAt: 0, data: [HOLLOWED, LATER] });
    stage = renderHook(() => usePass(new Date('2025-12-10T12:00:00Z')), signedIn(fake.runtime));
    await settle();
    expect(stage.current.season?.season).toBe(LATER.season);
    act(() => stage!.current.choose(HOLLOWED.season));
    await settle();
    expect(stage.current.season?.season).toBe(HOLLOWED.season);
    expect(stage.current.track?.gained).toBe(300);
  });
});
