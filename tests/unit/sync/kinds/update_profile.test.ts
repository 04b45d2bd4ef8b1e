import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerProfile } from '../../../../src/data/mirror.ts';
import { ABOUT_TOO_LONG, USERNAME_REQUIRED } from '../../../../src/domain/messages.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { freshDb, USER } from '../fakes.ts';
import { PROFILE, seedUser } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored } from './harness.ts';

const EDIT = { p_username: 'Offline_Name', p_icon: 'default_fox', p_user_about: 'written on the bus' };

describe('update_profile', () => {
  it('checks the username, the about text and the icon', () => {
    const check = KINDS.update_profile.check;
    expect(check({ args: EDIT, userId: USER })).toBeNull();
    expect(check({ args: { ...EDIT, p_username: '' }, userId: USER })).toBe(USERNAME_REQUIRED);
    expect(check({ args: { ...EDIT, p_user_about: 'x'.repeat(501) }, userId: USER })).toBe(ABOUT_TOO_LONG);
    expect(check({ args: { ...EDIT, p_icon: 7 as never }, userId: USER })).toBe('p_icon must be text');
  });

  it('is undone exactly', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await db.profile.update(USER, { user_about: 'before' });
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'update_profile', EDIT, new Date());
    expect(applied.profile).toMatchObject({ username: 'Offline_Name', icon: 'default_fox', user_about: 'written on the bus' });
    expect(undone).toEqual(before);
  });

  it('shows nothing, and undoes nothing, without a mirrored profile', async () => {
    const { db } = freshDb();
    const item = await enqueue(db, { kind: 'update_profile', args: EDIT, userId: USER });
    expect(item.undo).toEqual({ fields: null });
    expect(await db.profile.count()).toBe(0);
  });

  it('the newest of two queued edits wins over a fresh server row, a sent one included', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const first = await enqueue(db, { kind: 'update_profile', args: EDIT, userId: USER });
    await enqueue(db, { kind: 'update_profile', args: { ...EDIT, p_username: 'Second_Name', p_user_about: '' }, userId: USER });
    await markSent(db, first);
    await putServerProfile(db, { ...PROFILE, username: 'Offline_Name', time_spent: 99 });
    expect(await db.profile.get(USER)).toMatchObject({ username: 'Second_Name', icon: 'default_fox', user_about: null, time_spent: 99 });
    expect((await stored(db, first))?.rebasedAfterSend).toBe(true);
  });
});
