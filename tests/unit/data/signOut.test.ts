import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { signOutSafely, unsentChangesWarning } from '../../../src/data/actions/signOut.ts';
import type { PortalDB } from '../../../src/store/db.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { enqueue, pendingCount } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from '../sync/fakes.ts';

type Answer = { error: Error | null } | 'throw';

/** A client whose auth answers global and local sign-outs as told, and signs the device out on success. */
function fakeAuth(db: PortalDB, answers: { global: Answer; local?: Answer }) {
  let userId: string | null = USER;
  const calls: string[] = [];
  const answer = (a: Answer) => {
    if (a === 'throw') throw new TypeError('Failed to fetch');
    return a;
  };
  const supabase = {
    auth: {
      async signOut(options?: { scope?: string }) {
        const scope = options?.scope ?? 'global';
        calls.push(scope);
        if (scope === 'local') {
          // supabase-js removes this device's session before it tries the server.
          userId = null;
          return answer(answers.local ?? { error: null });
        }
        const result = answer(answers.global);
        if (result.error === null) userId = null;
        return result;
      },
    },
  } as unknown as PortalSupabase;
  return { data: createDataSource(supabase, db), currentUserId: () => userId, calls, signedIn: () => userId !== null };
}

async function queueOne(db: PortalDB): Promise<void> {
  await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
}

describe('signOutSafely', () => {
  it('signs out without asking when nothing is queued', async () => {
    const { db } = freshDb();
    const { data, currentUserId, calls } = fakeAuth(db, { global: { error: null } });
    const asked: string[] = [];
    expect(await signOutSafely(data, currentUserId, { confirm: (m) => (asked.push(m), true) })).toBe('signed-out');
    expect(asked).toEqual([]);
    expect(calls).toEqual(['global']);
  });

  it('asks first when changes are queued, and keeps them when the student stays', async () => {
    const { db } = freshDb();
    await queueOne(db);
    await queueOne(db);
    const { data, currentUserId, calls, signedIn } = fakeAuth(db, { global: { error: null } });
    const asked: string[] = [];
    expect(await signOutSafely(data, currentUserId, { confirm: (m) => (asked.push(m), false) })).toBe('cancelled');
    expect(asked).toEqual([unsentChangesWarning(2)]);
    expect(calls).toEqual([]);
    expect(signedIn()).toBe(true);
    expect(await pendingCount(db, USER)).toBe(2);
  });

  it('never drops the queue when the student signs out anyway', async () => {
    const { db } = freshDb();
    await queueOne(db);
    const { data, currentUserId, signedIn } = fakeAuth(db, { global: { error: null } });
    expect(await signOutSafely(data, currentUserId, { confirm: () => true })).toBe('signed-out');
    expect(signedIn()).toBe(false);
    expect(await pendingCount(db, USER)).toBe(1);
  });

  it('signs this device out locally when the server cannot be reached (offline)', async () => {
    const { db } = freshDb();
    const offline = Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError' });
    const { data, currentUserId, calls, signedIn } = fakeAuth(db, { global: { error: offline }, local: { error: offline } });
    expect(await signOutSafely(data, currentUserId, { confirm: () => true })).toBe('signed-out');
    expect(calls).toEqual(['global', 'local']);
    expect(signedIn()).toBe(false);
  });

  it('signs out locally when the global sign-out throws', async () => {
    const { db } = freshDb();
    const { data, currentUserId, calls, signedIn } = fakeAuth(db, { global: 'throw' });
    expect(await signOutSafely(data, currentUserId, { confirm: () => true })).toBe('signed-out');
    expect(calls).toEqual(['global', 'local']);
    expect(signedIn()).toBe(false);
  });

  it('words the warning for one change and for several', () => {
    expect(unsentChangesWarning(1)).toMatch(/^1 change on this device has not/);
    expect(unsentChangesWarning(3)).toMatch(/^3 changes on this device have not/);
  });
});
