import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { readPopularApps } from '../../../src/data/popularApps.ts';
import { POPULAR_FETCH_LIMIT } from '../../../src/data/popularApps.ts';
import { refreshPopularApps } from '../../../src/data/queries/refreshPopularApps.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { freshDb } from '../sync/fakes.ts';

function fakeSupabase(answer: unknown[] | Error) {
  const calls: { fn: string; args: unknown }[] = [];
  const client = {
    async rpc(fn: string, args?: unknown) {
      calls.push({ fn, args });
      if (answer instanceof Error) return { data: null, error: { message: answer.message } };
      return { data: answer, error: null };
    },
  };
  return { client: client as unknown as PortalSupabase, calls };
}

describe('the week’s popular apps on this device', () => {
  it('is unknown (null) on a device that never read it, and empty once a week without plays is read', async () => {
    const { db } = freshDb();
    const { client } = fakeSupabase([]);
    const data = createDataSource(client, db);
    expect(await readPopularApps(data)).toBeNull();
    await refreshPopularApps(data);
    expect(await readPopularApps(data)).toEqual([]);
  });

  it('keeps the ranking as read, counts as numbers (PostgreSQL sends a bigint as text)', async () => {
    const { db } = freshDb();
    const { client, calls } = fakeSupabase([
      { app_id: 'snake', players: '3' },
      { app_id: '2048', players: 2 },
    ]);
    const data = createDataSource(client, db);
    await refreshPopularApps(data);
    expect(calls).toEqual([{ fn: 'get_popular_apps', args: { p_limit: POPULAR_FETCH_LIMIT } }]);
    expect(await readPopularApps(data)).toEqual([
      { app_id: 'snake', players: 3 },
      { app_id: '2048', players: 2 },
    ]);
  });

  it('keeps the last ranking when a read fails, for offline', async () => {
    const { db } = freshDb();
    await refreshPopularApps(createDataSource(fakeSupabase([{ app_id: 'snake', players: 1 }]).client, db));
    const failing = createDataSource(fakeSupabase(new Error('Failed to fetch')).client, db);
    await expect(refreshPopularApps(failing)).rejects.toThrow('Failed to fetch');
    expect(await readPopularApps(failing)).toEqual([{ app_id: 'snake', players: 1 }]);
  });
});
