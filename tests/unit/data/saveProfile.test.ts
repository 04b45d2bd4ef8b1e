// saveProfile's ways to fail or wait that the embedded backend cannot stage: no network at all, and a
// server that cannot be reached. The online path is in tests/backend/data/profile.test.ts.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { saveProfile } from '../../../src/data/actions/saveProfile.ts';
import { ProfileUnavailableError, refreshOwnProfile } from '../../../src/data/queries/refreshOwnProfile.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { PROFILE_FAILED } from '../../../src/domain/messages.ts';
import { freshDb, USER } from '../sync/fakes.ts';
import { seedUser } from '../sync/seed.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

type RpcAnswer = { data: unknown; error: { message: string } | null; status: number };

/** A client whose update_profile answers as told, counting the calls. */
function server(answer: RpcAnswer) {
  const calls: string[] = [];
  const supabase = {
    rpc: async (fn: string) => {
      calls.push(fn);
      return answer;
    },
  } as unknown as PortalSupabase;
  return { supabase, calls };
}

const EDIT = { username: 'bus_rider', icon: 'default_fox', about: 'written offline' };

describe('saveProfile without the server', () => {
  it('queues the edit offline without calling the server, and shows it at once', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { db } = freshDb();
    await seedUser(db);
    const { supabase, calls } = server({ data: null, error: null, status: 200 });
    expect(await saveProfile(createDataSource(supabase, db), USER, EDIT)).toEqual({ ok: true, queued: true });
    expect(calls).toEqual([]);
    expect(await db.profile.get(USER)).toMatchObject({ username: 'bus_rider', icon: 'default_fox', user_about: 'written offline' });
    expect((await db.outbox.toArray()).map((item) => item.kind)).toEqual(['update_profile']);
  });

  it('queues the edit when the server cannot be reached, but not when it refuses', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const unreachable = server({ data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 });
    expect(await saveProfile(createDataSource(unreachable.supabase, db), USER, EDIT)).toEqual({ ok: true, queued: true });
    expect(unreachable.calls).toEqual(['update_profile']);

    const { db: other } = freshDb();
    await seedUser(other);
    const refusing = server({ data: null, error: { message: 'That username is already taken. Please choose another one.' }, status: 400 });
    expect(await saveProfile(createDataSource(refusing.supabase, other), USER, EDIT)).toEqual({
      ok: false,
      message: 'That username is already taken. Please choose another one.',
    });
    expect(await other.outbox.count()).toBe(0);
    expect((await other.profile.get(USER))?.username).toBe('quietfox');
  });
});

describe('refreshOwnProfile when the server has no profile and cannot make one', () => {
  it("fails with the spec's words, saying whether the device was offline", async () => {
    const nothing = {
      from: () => ({ select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: null, error: null }) }) }) }),
      rpc: async () => ({ data: null, error: { message: 'permission denied' } }),
    } as unknown as PortalSupabase;
    const { db } = freshDb();
    const online = await refreshOwnProfile(createDataSource(nothing, db), USER).catch((error: unknown) => error);
    expect(online).toBeInstanceOf(ProfileUnavailableError);
    expect((online as ProfileUnavailableError).message).toBe(PROFILE_FAILED);
    expect((online as ProfileUnavailableError).offline).toBe(false);

    vi.stubGlobal('navigator', { onLine: false });
    const offline = await refreshOwnProfile(createDataSource(nothing, db), USER).catch((error: unknown) => error);
    expect((offline as ProfileUnavailableError).offline).toBe(true);
    expect(await db.profile.count()).toBe(0);
  });
});
