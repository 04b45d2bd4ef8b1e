import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerProfile } from '../../../../src/data/mirror.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { PROFILE, seedUser } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored, withoutRolledBack } from './harness.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const TICK = { user_id: USER, increment_value: 5 };

describe('increment_time_spent', () => {
  it('refuses, as the server does, a tick for someone else or of another length', () => {
    expect(KINDS.increment_time_spent.check({ args: TICK, userId: USER })).toBeNull();
    expect(KINDS.increment_time_spent.check({ args: TICK, userId: 'a-classmate' })).toBe('You can only add time to your own profile.');
    expect(KINDS.increment_time_spent.check({ args: { ...TICK, increment_value: 500 }, userId: USER })).toBe('increment_value must be 5');
  });

  it('adds five minutes to the profile and five Dabloons, pending', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const tick = await enqueue(db, { kind: 'increment_time_spent', args: TICK, userId: USER }, { now: NOW });
    expect((await db.profile.get(USER))?.time_spent).toBe(PROFILE.time_spent + 5);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 5, pending: [tick.id] });
  });

  it('is undone exactly, with or without a mirrored profile', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const before = await mirrorOf(db);
    const withProfile = await applyThenUndo(db, 'increment_time_spent', TICK, NOW);
    expect(withProfile.applied.profile?.time_spent).toBe(PROFILE.time_spent + 5);
    expect(withProfile.undone).toEqual(before);

    await db.profile.delete(USER);
    const bare = await mirrorOf(db);
    expect((await applyThenUndo(db, 'increment_time_spent', TICK, NOW)).undone).toEqual(bare);
  });

  it('takes the minutes and coins back when the server refuses', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const before = await mirrorOf(db);
    await enqueue(db, { kind: 'increment_time_spent', args: TICK, userId: USER }, { now: NOW });
    await drainOnce(db, refuseAll('Time spent was already counted less than 5 minutes ago.'));
    expect(withoutRolledBack(await mirrorOf(db))).toEqual(before);
  });

  it('adds its minutes to a fresh server profile, queued or sent', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const sent = await enqueue(db, { kind: 'increment_time_spent', args: TICK, userId: USER }, { now: NOW });
    await enqueue(db, { kind: 'increment_time_spent', args: TICK, userId: USER }, { now: NOW });
    await markSent(db, sent);
    await putServerProfile(db, { ...PROFILE, time_spent: 300, apps_played: 12 });
    expect(await db.profile.get(USER)).toMatchObject({ time_spent: 310, apps_played: 12 });
    expect((await stored(db, sent))?.rebasedAfterSend).toBe(true);
  });
});
