// What a student can write straight into the tables, past the RPCs (issue #10): the profile icon must be
// a default icon or an icon item the student owns however it is written, and every column the API roles
// may write at all is listed here, so a new writable column (a name colour, a title ...) fails this file
// until someone decides whether it needs the same kind of guard.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const NOT_OWNED = { code: 'P0001', message: 'You do not own that icon.' };

/** table.column -> the API roles' INSERT and UPDATE grants, as reviewed for issue #10. */
const WRITABLE_COLUMNS = {
  'chat_messages INSERT': 'body,user_id',
  'chat_reports INSERT': 'message_id,reason,reporter_id',
  'creator_socials INSERT': 'handle,platform,user_id',
  'creator_socials UPDATE': 'handle,platform',
  'creator_videos INSERT': 'app_id,description,social_id,title,url',
  'creator_videos UPDATE': 'app_id,description,title,url',
  'leaderboard_submissions INSERT': 'app_id,score,user_id',
  // icon is held to owned items by the my_users_icon_guard trigger; the rest is bounded free text.
  'my_users INSERT': 'icon,user_about,user_id,username,where_from,who_from',
  'my_users UPDATE': 'icon,user_about,user_id,username,where_from,who_from',
  'takedown_requests INSERT': 'email,name,reason,url',
};

export function guardSuite(ctx: DbContext): void {
  describe('direct profile writes', () => {
    const { db } = ctx;
    let me: string;
    let them: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'icon_owner');
      them = await createPlayer(db, 'icon_other');
    });

    const iconOf = async (user: string) =>
      (await db.query<{ icon: string }>('select icon from public.my_users where user_id = $1', [user])).rows[0]?.icon;
    const unlock = (user: string, item: string, type: string) =>
      db.query('insert into public.items_unlocked (user_id, item, type) values ($1, $2, $3)', [user, item, type]);
    const setIcon = (icon: string) => as(db, me, 'update public.my_users set icon = $2 where user_id = $1 returning icon', [me, icon]);

    it('refuses an icon the student does not own, as PATCH /my_users would send it, and changes nothing', async () => {
      for (const icon of ['golden_duck_icon', 'duck_icon', 's2_pumpkin_icon', 'no_such_icon', 'Default_fox', 'default_']) {
        expect(await errorOf(db, me, 'update public.my_users set icon = $2 where user_id = $1', [me, icon]), icon).toEqual(NOT_OWNED);
      }
      // Owning another student's icon does not help, nor does owning an item of another type by that id.
      await unlock(them, 'golden_duck_icon', 'icon');
      await unlock(me, 'sword_cursor', 'cursor');
      expect(await errorOf(db, me, 'update public.my_users set icon = $2 where user_id = $1', [me, 'golden_duck_icon'])).toEqual(NOT_OWNED);
      expect(await errorOf(db, me, 'update public.my_users set icon = $2 where user_id = $1', [me, 'sword_cursor'])).toEqual(NOT_OWNED);
      expect(await iconOf(me)).toBe('default_icon');
    });

    it('accepts a default icon and an icon item the student owns', async () => {
      expect(await setIcon('default_fox')).toEqual([{ icon: 'default_fox' }]);
      await unlock(me, 'duck_icon', 'icon');
      expect(await setIcon('duck_icon')).toEqual([{ icon: 'duck_icon' }]);
    });

    it('holds a new profile and a PostgREST upsert to the same rule', async () => {
      const upsert = `insert into public.my_users (user_id, username, icon) values ($1, 'fresh_name', $2)
        on conflict (user_id) do update set user_id = excluded.user_id, username = excluded.username, icon = excluded.icon returning icon`;
      expect(await errorOf(db, me, upsert, [me, 'golden_duck_icon'])).toEqual(NOT_OWNED);
      await db.query('delete from public.my_users where user_id = $1', [me]);
      expect(await errorOf(db, me, upsert, [me, 'golden_duck_icon'])).toEqual(NOT_OWNED);
      expect(await as(db, me, upsert, [me, 'default_robot'])).toEqual([{ icon: 'default_robot' }]);
    });

    it('keeps update_profile and operators to the same rule', async () => {
      expect(await errorOf(db, me, 'select public.update_profile(null, $1, null, $2)', ['golden_duck_icon', crypto.randomUUID()])).toEqual(NOT_OWNED);
      await expect(tx(db, (t) => t.query(`update public.my_users set icon = 'golden_duck_icon' where user_id = $1`, [me]))).rejects.toMatchObject(NOT_OWNED);
      expect(await iconOf(me)).toBe('default_icon');
    });

    it('checks only a change, so a profile whose icon predates the rule stays editable', async () => {
      await db.exec('alter table public.my_users disable trigger my_users_icon_guard');
      await db.query(`update public.my_users set icon = 'golden_duck_icon' where user_id = $1`, [me]);
      await db.exec('alter table public.my_users enable trigger my_users_icon_guard');
      expect(await as(db, me, `update public.my_users set user_about = 'still me', icon = icon where user_id = $1 returning icon`, [me]))
        .toEqual([{ icon: 'golden_duck_icon' }]);
      expect(await errorOf(db, me, 'update public.my_users set icon = $2 where user_id = $1', [me, 'duck_icon'])).toEqual(NOT_OWNED);
    });

    it('lets the API roles write exactly the reviewed columns', async () => {
      const { rows } = await db.query<{ key: string; cols: string }>(
        `select table_name || ' ' || privilege_type as key, string_agg(distinct column_name, ',' order by column_name) as cols
           from information_schema.column_privileges
          where table_schema = 'public' and grantee in ('anon', 'authenticated') and privilege_type in ('INSERT', 'UPDATE')
          group by table_name, privilege_type order by 1`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.key, r.cols]))).toEqual(WRITABLE_COLUMNS);
    });
  });
}
