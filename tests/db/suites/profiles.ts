// Profile privacy and editing: what another student or a visitor can read of a profile, and the
// update_profile and get_recent_plays RPCs of the accounts issue (#5).
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const PRIVATE_COLUMNS = ['where_from', 'who_from', 'last_tick_at', 'email'];

export function profileSuite(ctx: DbContext): void {
  describe('profiles', () => {
    const { db } = ctx;
    let owner: string;
    let other: string;

    beforeEach(async () => {
      owner = await createPlayer(db, 'Owner_One');
      other = await createPlayer(db, 'other_two');
      await db.query(`update public.my_users set where_from = 'a friend', who_from = 'Sam', user_about = 'hi' where user_id = $1`, [owner]);
    });

    it('keeps where_from, who_from and the e-mail from anon and other students', async () => {
      for (const actor of [null, other]) {
        const rows = await as<Record<string, unknown>>(db, actor, 'select * from public.public_profiles where user_id = $1', [owner]);
        expect(rows).toHaveLength(1);
        for (const column of PRIVATE_COLUMNS) expect(Object.keys(rows[0] ?? {})).not.toContain(column);
        expect(JSON.stringify(rows)).not.toContain('a friend');
        expect(JSON.stringify(rows)).not.toContain('example.test');
        expect(await as(db, actor, 'select * from public.my_users where user_id = $1', [owner]).catch(() => [])).toEqual([]);
      }
      expect((await errorOf(db, other, 'select email from auth.users')).code).toBe('42501');
      expect((await errorOf(db, null, 'select where_from from public.my_users')).code).toBe('42501');
    });

    it('lets the owner read their own private fields', async () => {
      const rows = await as<{ where_from: string; who_from: string }>(db, owner, 'select where_from, who_from from public.my_users where user_id = $1', [owner]);
      expect(rows).toEqual([{ where_from: 'a friend', who_from: 'Sam' }]);
    });

    it('update_profile changes username, icon and about text, and a replay changes nothing more', async () => {
      const id = crypto.randomUUID();
      const first = await as<{ update_profile: unknown }>(db, owner, `select public.update_profile('New_Name', 'default_fox', 'about me', $1)`, [id]);
      expect(first[0]?.update_profile).toEqual({ username: 'New_Name', icon: 'default_fox', user_about: 'about me' });
      await db.query(`update public.my_users set username = 'changed_since' where user_id = $1`, [owner]);
      const replay = await as<{ update_profile: unknown }>(db, owner, `select public.update_profile('New_Name', 'default_fox', 'about me', $1)`, [id]);
      expect(replay[0]?.update_profile).toEqual(first[0]?.update_profile);
      const { rows } = await db.query<{ username: string }>('select username from public.my_users where user_id = $1', [owner]);
      expect(rows[0]?.username).toBe('changed_since');
    });

    it('null keeps a field and an empty about text clears it', async () => {
      await as(db, owner, `select public.update_profile(null, null, '', $1)`, [crypto.randomUUID()]);
      const { rows } = await db.query<{ username: string; icon: string; user_about: string | null }>(
        'select username, icon, user_about from public.my_users where user_id = $1',
        [owner],
      );
      expect(rows[0]).toEqual({ username: 'Owner_One', icon: 'default_icon', user_about: null });
    });

    it('refuses taken (any case), malformed names, long about texts and unowned icons, changing nothing', async () => {
      const call = (username: string | null, icon: string | null, about: string | null) =>
        errorOf(db, owner, 'select public.update_profile($1, $2, $3, $4)', [username, icon, about, crypto.randomUUID()]);
      expect(await call('OTHER_TWO', null, 'x')).toEqual({ code: 'P0001', message: 'That username is already taken. Please choose another one.' });
      expect((await call('no spaces', null, null)).message).toBe('Usernames are 3 to 20 letters, digits, _ or -.');
      expect((await call('ab', null, null)).code).toBe('P0001');
      expect((await call(null, null, 'x'.repeat(501))).message).toBe('The about text can be at most 500 characters.');
      expect((await call(null, 'golden_duck_icon', null)).message).toBe('You do not own that icon.');
      const { rows } = await db.query<{ username: string; user_about: string }>('select username, user_about from public.my_users where user_id = $1', [owner]);
      expect(rows[0]).toEqual({ username: 'Owner_One', user_about: 'hi' });
      expect((await errorOf(db, null, `select public.update_profile('anon_name', null, null, $1)`, [crypto.randomUUID()])).code).toBe('42501');
    });

    it('accepts an icon item the student owns', async () => {
      await db.query(`insert into public.items_unlocked (user_id, item, type) values ($1, 'duck_icon', 'icon')`, [owner]);
      await as(db, owner, `select public.update_profile(null, 'duck_icon', null, $1)`, [crypto.randomUUID()]);
      const { rows } = await db.query<{ icon: string }>('select icon from public.my_users where user_id = $1', [owner]);
      expect(rows[0]?.icon).toBe('duck_icon');
    });

    it('get_recent_plays shows anyone the 6 newest plays of a username', async () => {
      for (const n of [1, 2, 3]) {
        await db.query(`insert into public.apps (id, title, slug, url) values ($1, $1, $1, 'https://example.test/')`, [`extra-app-${n}`]);
      }
      const apps = (await db.query<{ id: string }>('select id from public.apps order by id limit 8')).rows.map((r) => r.id);
      expect(apps.length).toBe(8);
      for (const [i, app] of apps.entries()) {
        await db.query(`insert into public.apps_played (user_id, app_id, updated_at) values ($1, $2, now() - make_interval(mins => $3))`, [owner, app, 100 - i]);
      }
      const plays = await as<{ app_id: string }>(db, null, `select * from public.get_recent_plays('owner_one')`);
      expect(plays.map((p) => p.app_id)).toEqual(apps.slice(2).reverse());
    });

    it('apply_mutations dispatches update_profile, so an offline edit syncs', async () => {
      const id = crypto.randomUUID();
      const out = await as<{ apply_mutations: { ok: boolean }[] }>(db, owner, 'select public.apply_mutations($1::jsonb)', [
        JSON.stringify([{ id, kind: 'update_profile', args: { p_username: 'Batch_Name' } }]),
      ]);
      expect(out[0]?.apply_mutations[0]).toMatchObject({ id, ok: true });
    });
  });
}
