// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { putLeaderboard } from '../../../src/data/mirror.ts';
import { POPULAR_KEY } from '../../../src/data/popularApps.ts';
import { notePlayed } from '../../../src/data/recentPlays.ts';
import type { PortalState } from '../../../src/state/portal.tsx';
import { usePopularApps, useShelves } from '../../../src/state/useCatalogue.ts';
import { appRow } from './appRows.ts';
import { fakeRuntime, LOADING, renderHook, settle, signedIn, type FakeRuntime, type HookStage } from './harness.tsx';

const APPS = [appRow('breakout', 'Breakout'), appRow('snake', 'Snake'), appRow('sudoku', 'Sudoku')];

/** Nobody signed in on a device whose runtime has loaded: favourites and plays are kept for the device. */
const signedOutWith = (fake: FakeRuntime): PortalState => ({ runtime: fake.runtime, session: null, status: 'signed-out', runtimeError: null });

let stage: HookStage<unknown> | null = null;
beforeEach(() => localStorage.clear());
afterEach(() => {
  stage?.unmount();
  stage = null;
});

describe('useShelves', () => {
  it('on a first visit before the runtime, no shelf is to come: the list below shows at once', () => {
    const shelves = renderHook(() => useShelves(APPS, true), LOADING);
    stage = shelves;
    expect(shelves.current.known).toBe(true);
    expect(shelves.current.favourites).toEqual([]);
  });

  it('on a device that had shelves, the list waits for the runtime’s reads, then stays shown', async () => {
    localStorage.setItem('portal:shelves', 'some');
    const fake = fakeRuntime();
    await notePlayed(fake.runtime.data, null, 'sudoku');
    const shelves = renderHook(() => useShelves(APPS, true), LOADING);
    stage = shelves;
    expect(shelves.current.known).toBe(false);
    shelves.setPortal(signedOutWith(fake));
    await settle();
    expect(shelves.current.known).toBe(true);
    expect(shelves.current.recent.map((entry) => entry.title)).toEqual(['Sudoku']);
  });

  it('a category’s list has no shelves to wait for', () => {
    localStorage.setItem('portal:shelves', 'some');
    const shelves = renderHook(() => useShelves(APPS, false), LOADING);
    stage = shelves;
    expect(shelves.current.known).toBe(true);
  });

  it('a star tapped before the runtime has loaded is kept, shown on the shelf once it has, and noted for the next page', async () => {
    const fake = fakeRuntime();
    const shelves = renderHook(() => useShelves(APPS, true), LOADING);
    stage = shelves;
    act(() => shelves.current.toggleFavourite('snake'));
    shelves.setPortal(signedOutWith(fake));
    await settle();
    expect(shelves.current.favourites.map((entry) => entry.title)).toEqual(['Snake']);
    expect(shelves.current.favouriteIds.has('snake')).toBe(true);
    expect(localStorage.getItem('portal:shelves')).toBe('some');

    act(() => shelves.current.toggleFavourite('snake'));
    await settle();
    expect(shelves.current.favourites).toEqual([]);
    expect(localStorage.getItem('portal:shelves')).toBe('none');
  });

  it('a signed-in student’s shelves are their own, not the device’s', async () => {
    const fake = fakeRuntime();
    await notePlayed(fake.runtime.data, null, 'breakout');
    const shelves = renderHook(() => useShelves(APPS, true), signedIn(fake.runtime));
    stage = shelves;
    await settle();
    expect(shelves.current.recent).toEqual([]);
    expect(shelves.current.known).toBe(true);
  });
});

describe('usePopularApps', () => {
  it('offline, the ranking this device read last', async () => {
    const fake = fakeRuntime();
    await putLeaderboard(fake.db, POPULAR_KEY, [{ app_id: 'sudoku', players: 3 }]);
    const ranking = renderHook(usePopularApps, signedOutWith(fake));
    stage = ranking;
    await settle();
    expect(ranking.current).toEqual([{ app_id: 'sudoku', players: 3 }]);
  });

  it('a device that never read one and cannot read it now has an empty ranking, not an endless wait', async () => {
    const fake = fakeRuntime();
    const ranking = renderHook(usePopularApps, signedOutWith(fake));
    stage = ranking;
    await settle();
    expect(ranking.current).toEqual([]);
  });
});
