// @vitest-environment happy-dom
// A game's achievements for its page (issue 29): read from the server for anyone, with the signed-in
// student's own unlocks and progress, and read again for another student.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELF_OFFLINE, useBadgeShelf, useGameAchievements, useMyBadges } from '../../../src/state/achievements.ts';
import { unlockRateText } from '../../../src/domain/unlockRate.ts';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { fakeRuntime, LOADING, renderHook, settle, signedIn, signedOut } from './harness.tsx';

const ROW = {
  code: 'first-apple', title: 'First Bite', description: 'Eat your first apple.', icon: '<svg></svg>', points: 5, hidden: false,
  stat: null, threshold: null, progress: null, unlocked_at: null, unlocks: 3, players: 12,
};
const HIDDEN = { ...ROW, code: 'speed-demon', title: '???', description: '???', icon: null, hidden: true };

function server(rows: (who: number) => unknown[]) {
  const calls: unknown[] = [];
  const rpc = (fn: string, args: unknown) => {
    calls.push([fn, args]);
    return Promise.resolve({ data: rows(calls.length), error: null });
  };
  return { calls, supabase: { rpc } as unknown as Partial<PortalSupabase> };
}

describe('useGameAchievements', () => {
  it('reads nothing until the runtime is there, then a game\'s achievements for a visitor', async () => {
    const { calls, supabase } = server(() => [ROW, HIDDEN]);
    const fake = fakeRuntime(supabase);
    const view = renderHook(() => useGameAchievements('snake'), LOADING);
    expect(view.current.achievements).toEqual({ state: 'loading' });
    view.setPortal(signedOut(fake.runtime));
    await settle();
    expect(calls).toEqual([['get_achievements', { p_app_id: 'snake' }]]);
    expect(view.current.account).toBe('signed-out');
    const ready = view.current.achievements;
    if (ready.state !== 'ready') throw new Error('expected the achievements');
    expect(ready.data.map((a) => [a.code, a.title, a.icon, a.unlockedAt, a.unlocks, a.players])).toEqual([
      ['first-apple', 'First Bite', '<svg></svg>', null, 3, 12],
      ['speed-demon', '???', null, null, 3, 12],
    ]);
  });

  it('reads again when a student signs in, with what they unlocked and their progress', async () => {
    const { calls, supabase } = server((n) => (n === 1 ? [ROW] : [{ ...ROW, unlocked_at: '2026-11-27T10:00:00Z', progress: 4 }]));
    const fake = fakeRuntime(supabase);
    const view = renderHook(() => useGameAchievements('snake'), signedOut(fake.runtime));
    await settle();
    view.setPortal(signedIn(fake.runtime));
    await settle();
    expect(calls).toHaveLength(2);
    const ready = view.current.achievements;
    if (ready.state !== 'ready') throw new Error('expected the achievements');
    expect(ready.data[0]).toMatchObject({ unlockedAt: '2026-11-27T10:00:00Z', progress: 4 });
  });

  it('says so when the server cannot be read', async () => {
    const rpc = () => Promise.resolve({ data: null, error: { message: 'offline', code: '', details: '', hint: '' } });
    const fake = fakeRuntime({ rpc } as unknown as Partial<PortalSupabase>);
    const view = renderHook(() => useGameAchievements('snake'), signedIn(fake.runtime));
    await settle();
    expect(view.current.achievements).toMatchObject({ state: 'error' });
  });
});

describe('unlockRateText', () => {
  it('words a rate for a student, at its edges', () => {
    expect(unlockRateText(0, 10)).toBe('Not unlocked by anyone yet');
    expect(unlockRateText(3, 0)).toBe('Not unlocked by anyone yet');
    expect(unlockRateText(1, 101)).toBe('Unlocked by under 1% of players');
    expect(unlockRateText(1, 100)).toBe('Unlocked by 1% of players');
    expect(unlockRateText(3, 25)).toBe('Unlocked by 12% of players');
    expect(unlockRateText(30, 25)).toBe('Unlocked by 100% of players');
  });
});

describe('useBadgeShelf and useMyBadges', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a profile\'s shelf by name, public fields only', async () => {
    const { calls, supabase } = server(() => [{ code: 'first-apple', title: 'First Bite', description: 'Eat.', icon: '<svg></svg>', app_id: 'snake', game_title: 'Snake' }]);
    const fake = fakeRuntime(supabase);
    const view = renderHook(() => useBadgeShelf('ann'), signedOut(fake.runtime));
    await settle();
    expect(calls).toEqual([['get_badge_shelf', { p_username: 'ann' }]]);
    expect(view.current).toEqual({ state: 'ready', data: [{ code: 'first-apple', title: 'First Bite', description: 'Eat.', icon: '<svg></svg>', gameTitle: 'Snake' }] });
  });

  it('asks nothing signed out, and saves the shelf in order when online', async () => {
    const unlocks = [{ unlock_id: 4, code: 'first-apple', title: 'First Bite', icon: '<svg></svg>', app_id: 'snake', game_title: 'Snake', unlocked_at: '2026-11-27T10:00:00Z', shelf: null }];
    const { calls, supabase } = server(() => unlocks);
    const fake = fakeRuntime(supabase);
    const view = renderHook(() => useMyBadges(), signedOut(fake.runtime));
    await settle();
    expect(view.current).toEqual({ account: 'signed-out' });
    view.setPortal(signedIn(fake.runtime));
    await settle();
    const mine = view.current;
    if (mine.account !== 'signed-in' || mine.badges.state !== 'ready') throw new Error('expected the badges');
    expect(mine.badges.data).toEqual([{ unlockId: 4, title: 'First Bite', icon: '<svg></svg>', gameTitle: 'Snake', unlockedAt: '2026-11-27T10:00:00Z', shelf: null }]);
    let saved = false;
    await act(async () => {
      saved = await mine.save([4]);
    });
    expect(saved).toBe(true);
    expect(calls).toContainEqual(['set_badge_shelf', { p_unlock_ids: [4] }]);
  });

  it('says so offline and sends nothing', async () => {
    const { calls, supabase } = server(() => []);
    const fake = fakeRuntime(supabase);
    const view = renderHook(() => useMyBadges(), signedIn(fake.runtime));
    await settle();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const mine = view.current;
    if (mine.account !== 'signed-in') throw new Error('expected a student');
    let saved = true;
    await act(async () => {
      saved = await mine.save([4]);
    });
    expect(saved).toBe(false);
    const after = view.current;
    expect(after.account === 'signed-in' ? after.error : null).toBe(SHELF_OFFLINE);
    expect(calls.filter((call) => (call as unknown[])[0] === 'set_badge_shelf')).toEqual([]);
  });
});
