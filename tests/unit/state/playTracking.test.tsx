// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { usePackCopy } from '../../../src/state/player/packCopy.ts';
import { usePlayTracking } from '../../../src/state/player/playTracking.ts';
import { readRecentlyPlayed } from '../../../src/data/recentPlays.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

const APP = 'app-2048';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
});

describe('usePlayTracking', () => {
  it('signed in, records the game as played through the outbox and on the recent list', async () => {
    const fake = fakeRuntime();
    stage = renderHook(() => usePlayTracking(APP), signedIn(fake.runtime));
    await settle();
    const queued = await fake.db.outbox.toArray();
    expect(queued.map((item) => [item.kind, item.args])).toEqual([['record_app_played', { p_app_id: APP }]]);
    expect(await readRecentlyPlayed(fake.runtime.data, USER)).toEqual([APP]);
  });

  it('signed out, keeps the play on this device only', async () => {
    const fake = fakeRuntime();
    stage = renderHook(() => usePlayTracking(APP), { ...SIGNED_OUT, runtime: fake.runtime });
    await settle();
    expect(await fake.db.outbox.count()).toBe(0);
    expect(await readRecentlyPlayed(fake.runtime.data, null)).toEqual([APP]);
  });
});

describe('usePackCopy', () => {
  it('a bundled game never has a pack copy: it plays from the portal’s own files', () => {
    const view = renderHook(() => usePackCopy('/games/2048/index.html', true), LOADING);
    stage = view;
    expect(view.current).toBe('none');
  });

  it('another site’s game is checked first, and plays live when no copy is kept', async () => {
    const view = renderHook(() => usePackCopy('https://example.org/game/', false), LOADING);
    stage = view;
    expect(view.current).toBe('checking');
    await settle();
    expect(view.current).toBe('none');
  });
});
