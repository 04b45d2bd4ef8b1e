import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { cacheKey, LEADERBOARD_CACHE_VERSION } from '../../../src/data/cache.ts';
import { TOP_LIST_NAMES } from '../../../src/data/leaderboards.ts';
import { LEADERBOARD_CACHE_KEY, refreshTopLists, weekStart } from '../../../src/data/queries/refreshTopLists.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { freshDb } from '../sync/fakes.ts';

const T0 = new Date(Date.UTC(2026, 10, 20, 12, 0, 0));
const MINUTE = 60_000;

function fakeSupabase(answers: Record<string, unknown[] | Error>) {
  const calls: { fn: string; args: unknown }[] = [];
  const client = {
    async rpc(fn: string, args?: unknown) {
      calls.push({ fn, args });
      const answer = answers[fn];
      if (answer instanceof Error) return { data: null, error: { message: answer.message } };
      return { data: answer ?? [], error: null };
    },
  };
  return { client: client as unknown as PortalSupabase, calls };
}

const player = (n: number) => ({ user_id: `u${n}`, username: `player${n}`, icon: null });

describe('refreshTopLists', () => {
  it('reads the four lists (coins from 7 days back) into Dexie and the _dlq cache, 5 rows each', async () => {
    const { db } = freshDb();
    const many = Array.from({ length: 7 }, (_, i) => ({ ...player(i), current_streak: 10 - i }));
    const { client, calls } = fakeSupabase({
      get_top_streaks: many,
      get_top_time_spent: [{ ...player(1), time_spent: 25 }],
      get_apps_played_by_user: [{ ...player(2), apps_played: 3 }],
      get_coins_gained: [{ ...player(3), amount: 106 }],
    });
    expect(await refreshTopLists(createDataSource(client, db), { now: T0 })).toBe(true);
    expect(calls.find((c) => c.fn === 'get_coins_gained')?.args).toEqual({ start_date: weekStart(T0) });
    expect(weekStart(T0)).toBe('2026-11-16T00:00:00.000Z');

    const stored = await db.leaderboards.bulkGet([...TOP_LIST_NAMES]);
    expect(stored.map((s) => s?.rows.length)).toEqual([5, 1, 1, 1]);
    expect(stored[0]?.rows[0]).toEqual({ user_id: 'u0', username: 'player0', icon: null, value: 10 });
    expect(stored[3]?.rows[0]).toMatchObject({ value: 106 });
    expect(stored.every((s) => s?.fetchedAt === T0.getTime())).toBe(true);
    const cached = await db.cache.get(cacheKey(LEADERBOARD_CACHE_KEY));
    expect(cached?.version).toBe(LEADERBOARD_CACHE_VERSION);
  });

  it('does not ask again while the snapshot is fresh, unless forced', async () => {
    const { db } = freshDb();
    const { client, calls } = fakeSupabase({});
    await refreshTopLists(createDataSource(client, db), { now: T0 });
    expect(calls).toHaveLength(4);
    expect(await refreshTopLists(createDataSource(client, db), { now: new Date(T0.getTime() + MINUTE) })).toBe(false);
    expect(calls).toHaveLength(4);
    expect(await refreshTopLists(createDataSource(client, db), { now: new Date(T0.getTime() + MINUTE), force: true })).toBe(true);
    expect(calls).toHaveLength(8);
    expect(await refreshTopLists(createDataSource(client, db), { now: new Date(T0.getTime() + 10 * MINUTE) })).toBe(true);
  });

  it('keeps the last rows of a list the server fails to give, and reports the failure', async () => {
    const { db } = freshDb();
    await refreshTopLists(createDataSource(fakeSupabase({ get_top_time_spent: [{ ...player(1), time_spent: 25 }] }).client, db), { now: T0 });
    const failing = fakeSupabase({ get_top_time_spent: new Error('server error') });
    await expect(refreshTopLists(createDataSource(failing.client, db), { now: T0, force: true })).rejects.toThrow('server error');
    expect((await db.leaderboards.get('topTimeSpent'))?.rows).toHaveLength(1);
  });
});
