import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerProfile } from '../../../src/data/mirror.ts';
import { USERNAME_INVALID } from '../../../src/domain/messages.ts';
import { MutationRefused } from '../../../src/sync/effects.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../sync/fakes.ts';
import { PROFILE, seedUser } from '../sync/seed.ts';

const EDIT = { p_username: 'Offline_Name', p_icon: 'default_fox', p_user_about: 'written on the bus' };

describe('offline profile edits (update_profile in the outbox)', () => {
  it('show at once, and stay on top of an older server row until sent', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await enqueue(db, { kind: 'update_profile', args: EDIT, userId: USER });
    expect(await db.profile.get(USER)).toMatchObject({ username: 'Offline_Name', icon: 'default_fox', user_about: 'written on the bus' });

    await putServerProfile(db, { ...PROFILE, time_spent: PROFILE.time_spent + 5 });
    expect(await db.profile.get(USER)).toMatchObject({ username: 'Offline_Name', icon: 'default_fox', time_spent: PROFILE.time_spent + 5 });
  });

  it('an empty about text clears it', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await enqueue(db, { kind: 'update_profile', args: { ...EDIT, p_user_about: '' }, userId: USER });
    expect((await db.profile.get(USER))?.user_about).toBeNull();
  });

  it('an invalid username is refused on the device and nothing is queued', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await expect(enqueue(db, { kind: 'update_profile', args: { ...EDIT, p_username: 'no spaces' }, userId: USER })).rejects.toEqual(
      new MutationRefused(USERNAME_INVALID),
    );
    expect(await db.outbox.count()).toBe(0);
    expect((await db.profile.get(USER))?.username).toBe(PROFILE.username);
  });

  it('a refusal by the server (a taken name) puts the old fields back', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await enqueue(db, { kind: 'update_profile', args: EDIT, userId: USER });
    await drainOnce(db, refuseAll('That username is already taken. Please choose another one.'));
    expect(await db.profile.get(USER)).toMatchObject({ username: PROFILE.username, icon: PROFILE.icon, user_about: PROFILE.user_about });
  });
});
