// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRow } from '../../../src/store/db.ts';
import { highScoresKey, standingKey } from '../../../src/data/leaderboards.ts';
import { useGameScores, useLeaderboard, type Standing } from '../../../src/state/leaderboard.ts';
import { PROFILE } from '../sync/seed.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

const OTHER = '00000000-0000-4000-8000-000000000002';
const row = (user_id: string, value: number) => ({ user_id, username: 'someone', icon: null, value });
const STANDING: Standing = {
  user_id: USER,
  username: PROFILE.username,
  current_streak: 3,
  time_spent: 40,
  apps_played: 2,
  streak_rank: 2,
  time_spent_rank: 5,
  apps_played_rank: 9,
};

describe('useLeaderboard', () => {
  it('has read nothing before the runtime is there', async () => {
    const board = renderHook(useLeaderboard, LOADING);
    stage = board;
    await settle();
    expect(board.current).toEqual({ me: null, lists: undefined, fetchedAt: null, standing: undefined, failed: null });
  });

  it('shows the lists this device read, aged by the oldest, and says why the server could not refresh them', async () => {
    const fake = fakeRuntime();
    await fake.db.profile.put(PROFILE);
    await fake.db.leaderboards.bulkPut([
      { key: 'topStreaks', rows: [row(OTHER, 9), row(USER, 3)], fetchedAt: 2000 },
      { key: 'topTimeSpent', rows: [], fetchedAt: 1000 },
      { key: standingKey(USER), rows: [STANDING], fetchedAt: 1000 },
    ]);
    const board = renderHook(useLeaderboard, signedIn(fake.runtime));
    stage = board;
    await settle();
    expect(board.current.me).toBe(USER);
    // The student's own row carries the name this device knows for them.
    expect(board.current.lists?.topStreaks?.map((entry) => [entry.user_id, entry.username])).toEqual([
      [OTHER, 'someone'],
      [USER, PROFILE.username],
    ]);
    expect(board.current.lists?.topTimeSpent).toEqual([]);
    expect(board.current.lists?.topAppsPlayed).toBeUndefined();
    expect(board.current.fetchedAt).toBe(1000);
    expect(board.current.standing).toEqual(STANDING);
    expect(board.current.failed).toBe('the server is not reachable in this test');
  });

  it('signed out, shows the boards and no standing', async () => {
    const fake = fakeRuntime();
    await fake.db.leaderboards.put({ key: 'topStreaks', rows: [row(OTHER, 9)], fetchedAt: 2000 });
    const board = renderHook(useLeaderboard, { ...SIGNED_OUT, runtime: fake.runtime });
    stage = board;
    await settle();
    expect(board.current.me).toBeNull();
    expect(board.current.lists?.topStreaks).toHaveLength(1);
    expect(board.current.standing).toBeUndefined();
  });
});

const app = (id: string, title: string, bundled: boolean): AppRow => ({ id, title, slug: id, category: 'puzzle', description: '', thumbnail: null, url: `/games/${id}/`, bundled });

describe('useGameScores', () => {
  it('opens on the first bundled game, follows the pick, and tells a game never read here from one with no scores', async () => {
    // The catalogue's refresh falls back to the bundled list when the server fails: nothing leaves the test.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    const fake = fakeRuntime();
    await fake.db.apps.bulkPut([app('chess', 'Chess', false), app('sudoku', 'Sudoku', true)]);
    await fake.db.leaderboards.put({ key: highScoresKey('chess'), rows: [], fetchedAt: 1500 });
    const scores = renderHook(useGameScores, signedIn(fake.runtime));
    stage = scores;
    await settle();
    expect(scores.current.apps?.map((entry) => entry.id)).toEqual(['chess', 'sudoku']);
    expect(scores.current.appId).toBe('sudoku');
    expect(scores.current.title).toBe('Sudoku');
    expect(scores.current.rows).toBeNull();
    act(() => scores.current.pick('chess'));
    await settle();
    expect(scores.current.title).toBe('Chess');
    expect(scores.current.rows).toEqual([]);
    expect(scores.current.fetchedAt).toBe(1500);
  });
});
