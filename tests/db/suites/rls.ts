// Who may read and write what, table by table: anon, the owner of a row and another signed-in user,
// for select, insert, update and delete. Every cell runs in a savepoint that is rolled back, so all
// cells share one fixture.
import { describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx, type Actor } from '../harness/requests.ts';
import { sharedFixture, type DbContext } from '../harness/run.ts';
import type { Session } from '../harness/session.ts';

interface Fixture {
  owner: string;
  other: string;
  submission: number;
  ownerMessage: number;
  otherMessage: number;
  social: number;
  video: number;
}

type Who = 'anon' | 'owner' | 'other';
type Op = 'select' | 'insert' | 'update' | 'delete';
/** Allowed for [anon, owner, other]. */
type Expect = [boolean, boolean, boolean];

interface Statement {
  /** Superuser work first, in the same transaction (e.g. removing the row an insert would collide with). */
  prepare?: string;
  sql: string;
}

interface TableCase {
  table: string;
  /** The owner's fixture row; $1 is the owner's id. */
  where: string;
  insert: Statement;
  update: string;
  expect: Record<Op, Expect>;
}

const OWNER_ONLY_READ: Record<Op, Expect> = {
  select: [false, true, false],
  insert: [false, false, false],
  update: [false, false, false],
  delete: [false, false, false],
};
const PUBLIC_READ: Record<Op, Expect> = {
  select: [true, true, true],
  insert: [false, false, false],
  update: [false, false, false],
  delete: [false, false, false],
};

function cases(f: Fixture): TableCase[] {
  return [
    {
      table: 'my_users',
      where: 'user_id = $1',
      insert: { prepare: 'delete from public.my_users where user_id = $1', sql: `insert into public.my_users (user_id, username) values ($1, 'fresh_name')` },
      update: `update public.my_users set user_about = 'changed' where user_id = $1`,
      expect: { select: [false, true, false], insert: [false, true, false], update: [false, true, false], delete: [false, false, false] },
    },
    {
      table: 'public_profiles',
      where: 'user_id = $1',
      insert: { sql: `insert into public.public_profiles (user_id, username) values ($1, 'view_write')` },
      update: `update public.public_profiles set username = 'view_write' where user_id = $1`,
      expect: PUBLIC_READ,
    },
    {
      table: 'coins_transactions',
      where: 'user_id = $1',
      insert: { sql: `insert into public.coins_transactions (user_id, amt, why) values ($1, 1000, 'free money')` },
      update: 'update public.coins_transactions set amt = 999999 where user_id = $1',
      expect: OWNER_ONLY_READ,
    },
    {
      table: 'streak',
      where: 'user_id = $1',
      insert: { prepare: 'delete from public.streak where user_id = $1', sql: `insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, 99, 99, now())` },
      update: 'update public.streak set current_streak = 99, longest_streak = 99 where user_id = $1',
      expect: OWNER_ONLY_READ,
    },
    {
      table: 'items_unlocked',
      where: 'user_id = $1',
      insert: { sql: `insert into public.items_unlocked (user_id, item, type) values ($1, 'golden_duck_icon', 'icon')` },
      update: 'update public.items_unlocked set equipped = true where user_id = $1',
      expect: OWNER_ONLY_READ,
    },
    {
      table: 'apps_played',
      where: 'user_id = $1',
      insert: { sql: `insert into public.apps_played (user_id, app_id) values ($1, '2048')` },
      update: 'update public.apps_played set updated_at = now() where user_id = $1',
      expect: OWNER_ONLY_READ,
    },
    {
      table: 'client_mutations',
      where: 'user_id = $1',
      insert: { sql: `insert into public.client_mutations (user_id, client_id, kind) values ($1, gen_random_uuid(), 'buy_item')` },
      update: `update public.client_mutations set result = '{}' where user_id = $1`,
      expect: OWNER_ONLY_READ,
    },
    {
      table: 'leaderboard_submissions',
      where: 'user_id = $1',
      insert: { sql: `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 5)` },
      update: 'update public.leaderboard_submissions set score = 1000000000 where user_id = $1',
      expect: { select: [false, true, false], insert: [false, true, false], update: [false, false, false], delete: [false, false, false] },
    },
    ...(['apps', 'shop_items', 'battlepass_seasons', 'battlepass_tiers'] as const).map((table): TableCase => {
      const where = { apps: `id = 'snake'`, shop_items: `id = 'sword_cursor'`, battlepass_seasons: 'season = 2', battlepass_tiers: 'season = 2 and tier = 1' }[table];
      const insert = {
        apps: `insert into public.apps (id, title, slug, url) values ('rogue', 'Rogue', 'rogue', '/x.html')`,
        shop_items: `insert into public.shop_items (id, name, price, rarity, type, listed) values ('cheap', 'Cheap', 100, 'Exotic', 'icon', true)`,
        battlepass_seasons: `insert into public.battlepass_seasons (season, name, starts_at, ends_at) values (99, 'X', now(), now() + interval '1 day')`,
        battlepass_tiers: `insert into public.battlepass_tiers (season, tier, coins_required, item_id) values (2, 99, 0, 'golden_duck_icon')`,
      }[table];
      const update = {
        apps: `update public.apps set title = 'Hacked' where id = 'snake'`,
        shop_items: `update public.shop_items set price = 100 where id = 'sword_cursor'`,
        battlepass_seasons: `update public.battlepass_seasons set starts_at = now() where season = 2`,
        battlepass_tiers: 'update public.battlepass_tiers set coins_required = 0 where season = 2 and tier = 1',
      }[table];
      return { table, where: `${where} and $1::uuid is not null`, insert: { sql: insert }, update, expect: PUBLIC_READ };
    }),
    {
      table: 'chat_messages',
      where: `id = ${f.ownerMessage} and user_id = $1`,
      insert: { sql: `insert into public.chat_messages (user_id, body) values ($1, 'hi there')` },
      update: `update public.chat_messages set body = 'edited' where id = ${f.ownerMessage}`,
      expect: { select: [false, true, true], insert: [false, true, false], update: [false, false, false], delete: [false, true, false] },
    },
    {
      table: 'chat_reports',
      where: 'reporter_id = $1',
      insert: { prepare: 'delete from public.chat_reports where reporter_id = $1', sql: `insert into public.chat_reports (message_id, reporter_id, reason) values (${f.otherMessage}, $1, 'rude')` },
      update: `update public.chat_reports set reason = 'changed' where reporter_id = $1`,
      expect: { select: [false, true, false], insert: [false, true, false], update: [false, false, false], delete: [false, false, false] },
    },
    {
      table: 'creators',
      where: 'user_id = $1',
      insert: { prepare: 'delete from public.creators where user_id = $1', sql: 'insert into public.creators (user_id) values ($1)' },
      update: `update public.creators set granted_by = 'me' where user_id = $1`,
      expect: PUBLIC_READ,
    },
    {
      table: 'creator_socials',
      where: 'user_id = $1',
      insert: { sql: `insert into public.creator_socials (user_id, platform, handle) values ($1, 'twitch', 'another')` },
      update: `update public.creator_socials set handle = 'renamed' where user_id = $1`,
      expect: { select: [true, true, true], insert: [false, true, false], update: [false, true, false], delete: [false, true, false] },
    },
    {
      table: 'creator_videos',
      where: `social_id = ${f.social} and $1::uuid is not null`,
      insert: { sql: `insert into public.creator_videos (social_id, title, url) values (${f.social}, 'New', 'https://video.example/2')` },
      update: `update public.creator_videos set title = 'Renamed' where social_id = ${f.social}`,
      expect: { select: [true, true, true], insert: [false, true, false], update: [false, true, false], delete: [false, true, false] },
    },
    {
      table: 'takedown_requests',
      where: '$1::uuid is not null',
      insert: { sql: `insert into public.takedown_requests (name, email, url, reason) values ('Ann', 'ann@example.test', 'https://x.example', 'mine')` },
      update: `update public.takedown_requests set reason = 'changed'`,
      expect: { select: [false, false, false], insert: [true, true, true], update: [false, false, false], delete: [false, false, false] },
    },
    {
      // A moderator sees only that they are one; granting is the operators' (service role).
      table: 'moderators',
      where: 'user_id = $1',
      insert: { prepare: 'delete from public.moderators where user_id = $1', sql: 'insert into public.moderators (user_id) values ($1)' },
      update: `update public.moderators set granted_by = 'me' where user_id = $1`,
      expect: { select: [false, true, false], insert: [false, false, false], update: [false, false, false], delete: [false, false, false] },
    },
    {
      // A student reads their own applications; applying, withdrawing and deciding are RPCs.
      table: 'creator_applications',
      where: 'user_id = $1',
      insert: { sql: `insert into public.creator_applications (user_id, pitch) values ($1, 'Speedruns of Snake')` },
      update: `update public.creator_applications set status = 'granted', closed_at = now() where user_id = $1`,
      expect: OWNER_ONLY_READ,
    },
    {
      // A student reads their own game saves; writes go through put_game_save only.
      table: 'game_saves',
      where: 'user_id = $1',
      insert: { prepare: `delete from public.game_saves where user_id = $1 and app_id = '2048'`, sql: `insert into public.game_saves (user_id, app_id, state, device_id, saved_at) values ($1, '2048', '{}', gen_random_uuid(), now())` },
      update: `update public.game_saves set state = '{"forged":true}' where user_id = $1`,
      expect: { select: [false, true, false], insert: [false, false, false], update: [false, false, false], delete: [false, false, false] },
    },
    {
      // The record of decisions: read and written only through the moderator RPCs.
      table: 'moderation_decisions',
      where: 'moderator_id = $1',
      insert: { sql: `insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason) values ($1, 'score', 1, 'approve', 'fine')` },
      update: `update public.moderation_decisions set reason = 'changed' where moderator_id = $1`,
      expect: { select: [false, false, false], insert: [false, false, false], update: [false, false, false], delete: [false, false, false] },
    },
    {
      // What can be unlocked: read through get_achievements, which hides a hidden one's words.
      table: 'achievements',
      where: `code = 'first-apple' and $1::uuid is not null`,
      insert: { sql: `insert into public.achievements (app_id, code, title, description, icon, points) values ('snake', 'forged', 'F', 'F', '<svg></svg>', 1)` },
      update: `update public.achievements set reward = 500 where code = 'first-apple' and $1::uuid is not null`,
      expect: { select: [false, false, false], insert: [false, false, false], update: [false, false, false], delete: [false, false, false] },
    },
    {
      // Unlocks: written by unlock_achievement and the server's grants alone, read through get_achievements.
      table: 'achievement_unlocks',
      where: 'user_id = $1',
      insert: { sql: `insert into public.achievement_unlocks (user_id, achievement_id) select $1, id from public.achievements where code = 'length-50'` },
      update: 'update public.achievement_unlocks set reward = 500 where user_id = $1',
      expect: { select: [false, false, false], insert: [false, false, false], update: [false, false, false], delete: [false, false, false] },
    },
  ];
}

async function setUp(db: Session): Promise<Fixture> {
  const owner = await createPlayer(db, 'owner_user');
  const other = await createPlayer(db, 'other_user');
  const one = async (sql: string, params: unknown[] = []): Promise<number> => {
    const { rows } = await db.query<{ id: string | number }>(sql, params);
    return Number(rows[0]?.id);
  };
  await db.query(`insert into public.coins_transactions (user_id, amt, why) values ($1, 50, 'fixture')`, [owner]);
  await db.query(`insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, 3, 3, now())`, [owner]);
  await db.query(`insert into public.items_unlocked (user_id, item, type) values ($1, 'sword_cursor', 'cursor')`, [owner]);
  await db.query(`insert into public.apps_played (user_id, app_id) values ($1, 'snake')`, [owner]);
  await db.query(`insert into public.client_mutations (user_id, client_id, kind, result) values ($1, gen_random_uuid(), 'claim_streak', '{}')`, [owner]);
  const submission = await one(`insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 42) returning id`, [owner]);
  const ownerMessage = await one(`insert into public.chat_messages (user_id, body) values ($1, 'hello') returning id`, [owner]);
  const otherMessage = await one(`insert into public.chat_messages (user_id, body) values ($1, 'hey') returning id`, [other]);
  await db.query(`insert into public.chat_reports (message_id, reporter_id, reason) values ($1, $2, 'spam')`, [otherMessage, owner]);
  await db.query('insert into public.creators (user_id) values ($1)', [owner]);
  const social = await one(`insert into public.creator_socials (user_id, platform, handle) values ($1, 'youtube', 'owner') returning id`, [owner]);
  const video = await one(`insert into public.creator_videos (social_id, title, url) values ($1, 'Speedrun', 'https://video.example/1') returning id`, [social]);
  await db.query(`insert into public.takedown_requests (name, email, url, reason) values ('Bob', 'bob@example.test', 'https://y.example', 'mine')`);
  await db.query(`insert into public.game_saves (user_id, app_id, state, device_id, saved_at) values ($1, '2048', '{"cells":[2]}', gen_random_uuid(), now())`, [owner]);
  await db.query(`insert into public.creator_applications (user_id, pitch, status, closed_at) values ($1, 'Chess lessons', 'declined', now())`, [owner]);
  await db.query('insert into public.moderators (user_id) values ($1)', [owner]);
  await db.query(`insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason) values ($1, 'score', $2, 'approve', 'fixture')`, [owner, submission]);
  await db.query(`insert into public.achievement_unlocks (user_id, achievement_id) select $1, id from public.achievements where code = 'first-apple'`, [owner]);
  return { owner, other, submission, ownerMessage, otherMessage, social, video };
}

/** Whether `op` took effect for `actor`: rows seen or changed, as opposed to an error or nothing. */
async function allowed(db: Session, f: Fixture, c: TableCase, op: Op, actor: Actor): Promise<boolean> {
  try {
    return await tx(
      db,
      async (t) => {
        if (op === 'insert' && c.insert.prepare) await t.query(c.insert.prepare, [f.owner]);
        await t.actAs(actor);
        if (op === 'select') {
          const { rows } = await t.query<{ n: number }>(`select count(*)::int as n from public.${c.table} where ${c.where}`, [f.owner]);
          return (rows[0]?.n ?? 0) > 0;
        }
        if (op === 'insert') {
          await t.query(c.insert.sql, c.insert.sql.includes('$1') ? [f.owner] : []);
          return true;
        }
        const sql = op === 'update' ? c.update : `delete from public.${c.table} where ${c.where}`;
        const result = await t.query(sql, sql.includes('$1') ? [f.owner] : []);
        return result.rowCount > 0;
      },
      { rollback: true },
    );
  } catch {
    return false;
  }
}

export function rlsSuite(ctx: DbContext): void {
  describe('row level security', () => {
    const { db } = ctx;
    let f: Fixture;
    sharedFixture(ctx, async () => {
      f = await setUp(db);
    });

    it('covers every table of the public schema', async () => {
      const { rows } = await db.query<{ table_name: string; rls: boolean }>(
        `select c.relname as table_name, c.relrowsecurity as rls from pg_class c
           join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
      );
      expect(rows.filter((r) => !r.rls)).toEqual([]);
      const tested = new Set(cases(f).map((c) => c.table));
      expect(rows.map((r) => r.table_name).filter((t) => !tested.has(t))).toEqual([]);
    });

    const WHO: Who[] = ['anon', 'owner', 'other'];
    const OPS: Op[] = ['select', 'insert', 'update', 'delete'];
    it.each(['my_users', 'public_profiles', 'coins_transactions', 'streak', 'items_unlocked', 'apps_played',
      'client_mutations', 'leaderboard_submissions', 'apps', 'shop_items', 'battlepass_seasons', 'battlepass_tiers',
      'chat_messages', 'chat_reports', 'creators', 'creator_socials', 'creator_videos', 'takedown_requests', 'moderators',
      'moderation_decisions', 'game_saves', 'creator_applications', 'achievements', 'achievement_unlocks'])(
      '%s: anon, owner and other user may do exactly what the policy says',
      async (table) => {
        const c = cases(f).find((entry) => entry.table === table);
        expect(c).toBeDefined();
        if (!c) return;
        const actual: Record<string, boolean> = {};
        const wanted: Record<string, boolean> = {};
        for (const op of OPS) {
          for (const [index, who] of WHO.entries()) {
            const actor = who === 'anon' ? null : who === 'owner' ? f.owner : f.other;
            actual[`${op} as ${who}`] = await allowed(db, f, c, op, actor);
            wanted[`${op} as ${who}`] = c.expect[op][index] ?? false;
          }
        }
        expect(actual).toEqual(wanted);
      },
    );

    it('lets the owner edit only the profile columns a user controls', async () => {
      for (const column of ['time_spent', 'current_streak', 'longest_streak', 'apps_played', 'badges', 'last_tick_at']) {
        const value = column === 'badges' ? `'{gold_hoarder_badge}'` : column === 'last_tick_at' ? 'null' : '999';
        const error = await errorOf(db, f.owner, `update public.my_users set ${column} = ${value} where user_id = $1`, [f.owner]);
        expect(error.code, column).toBe('42501');
      }
      const rows = await as(db, f.owner,
        `update public.my_users set username = 'Owner_2', icon = 'default_fox', user_about = 'hi', where_from = 'school', who_from = 'friend'
          where user_id = $1 returning username, where_from`, [f.owner]);
      expect(rows).toEqual([{ username: 'Owner_2', where_from: 'school' }]);
    });

    it('accepts a PostgREST-style profile upsert of the owner and refuses one for someone else', async () => {
      const upsert = `insert into public.my_users (user_id, username, user_about, icon) values ($1, $2, 'about', 'default_cat')
        on conflict (user_id) do update set user_id = excluded.user_id, username = excluded.username,
          user_about = excluded.user_about, icon = excluded.icon returning username`;
      expect(await as(db, f.owner, upsert, [f.owner, 'Upserted'])).toEqual([{ username: 'Upserted' }]);
      expect((await errorOf(db, f.owner, upsert, [f.other, 'Hijack'])).code).toBe('42501');
    });

    it('enforces username and about rules in SQL', async () => {
      const rename = (name: string) => errorOf(db, f.owner, 'update public.my_users set username = $2 where user_id = $1', [f.owner, name]);
      expect((await rename('ab')).code).toBe('23514');
      expect((await rename('a'.repeat(21))).code).toBe('23514');
      expect((await rename('bad name!')).code).toBe('23514');
      expect((await rename('OTHER_USER')).code).toBe('23505');
      expect(await as(db, f.owner, 'update public.my_users set username = $2 where user_id = $1 returning username', [f.owner, 'a-b_c'.padEnd(20, 'x')]))
        .toHaveLength(1);
      const about = (text: string) => as(db, f.owner, 'update public.my_users set user_about = $2 where user_id = $1 returning user_id', [f.owner, text]);
      expect(await about('é'.repeat(500))).toHaveLength(1);
      await expect(about('x'.repeat(501))).rejects.toMatchObject({ code: '23514' });
    });

    it('shows public profile fields to anyone and never the private ones', async () => {
      const rows = await as<Record<string, unknown>>(db, null, 'select * from public.public_profiles where user_id = $1', [f.owner]);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
        ['apps_played', 'badges', 'created_at', 'current_streak', 'icon', 'longest_streak', 'time_spent', 'user_about', 'user_id', 'username'],
      );
      expect(rows[0]?.current_streak).toBe(3);
    });

    it('keeps moderation and featuring out of users\' hands', async () => {
      expect((await errorOf(db, f.owner, `insert into public.chat_messages (user_id, body, hidden) values ($1, 'x', false)`, [f.owner])).code).toBe('42501');
      expect((await errorOf(db, f.owner, `update public.creator_videos set featured = true where id = ${f.video}`)).code).toBe('42501');
      expect((await errorOf(db, f.owner, `insert into public.chat_messages (user_id, body) values ($1, $2)`, [f.owner, 'x'.repeat(501)])).code).toBe('23514');
    });

    it('lets a user who is not a creator add no socials', async () => {
      const error = await errorOf(db, f.other, `insert into public.creator_socials (user_id, platform, handle) values ($1, 'youtube', 'me')`, [f.other]);
      expect(error.code).toBe('42501');
    });

    describe('proof images in storage', () => {
      const upload = (actor: Actor, name: string) =>
        as(db, actor, `insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, auth.uid()) returning name`, [name]);

      it('has a private images-only bucket of 2 MiB', async () => {
        const { rows } = await db.query(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'submissions'`);
        expect(rows).toEqual([{ public: false, file_size_limit: expect.anything(), allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] }]);
        expect(Number(rows[0]?.file_size_limit)).toBe(2 * 1024 * 1024);
      });

      it('lets only the submission owner upload {id}_{filename}, without folders', async () => {
        await tx(db, async (t) => {
          await t.actAs(f.owner);
          expect((await t.query(`insert into storage.objects (bucket_id, name) values ('submissions', $1) returning name`, [`${f.submission}_proof.png`])).rows).toHaveLength(1);
        }, { rollback: true });
        await expect(upload(f.other, `${f.submission}_proof.png`)).rejects.toMatchObject({ code: '42501' });
        await expect(upload(null, `${f.submission}_proof.png`)).rejects.toMatchObject({ code: '42501' });
        await expect(upload(f.owner, `${f.submission}_a/b.png`)).rejects.toMatchObject({ code: '42501' });
        await expect(upload(f.owner, `${f.submission}_`)).rejects.toMatchObject({ code: '42501' });
        await expect(upload(f.owner, `x${f.submission}_proof.png`)).rejects.toMatchObject({ code: '42501' });
      });

      it('lets the owner read and delete the proof, nobody else, and then keeps the submission', async () => {
        await upload(f.owner, `${f.submission}_keep.png`);
        const count = async (actor: Actor) =>
          (await as<{ n: number }>(db, actor, `select count(*)::int as n from storage.objects where name = $1`, [`${f.submission}_keep.png`]))[0]?.n;
        expect(await count(f.owner)).toBe(1);
        expect(await count(f.other)).toBe(0);
        expect(await count(null)).toBe(0);
        // Straight at the table, as hosted refuses it: the bytes would stay behind in the bucket. (First: the
        // Storage API's setting below lasts until the test's own transaction ends.)
        expect(await errorOf(db, f.owner, `delete from storage.objects where name = $1`, [`${f.submission}_keep.png`])).toEqual({
          code: '42501',
          message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
        });
        // A delete as the Storage API makes it: its own setting, then the statement under the caller's policies.
        const storageApiDelete = (actor: Actor) =>
          tx(db, async (t) => {
            await t.actAs(actor);
            await t.query(`select set_config('storage.allow_delete_query', 'true', true)`);
            return (await t.query(`delete from storage.objects where name = $1 returning name`, [`${f.submission}_keep.png`])).rows;
          });
        expect(await storageApiDelete(f.other)).toEqual([]);
        await expect(as(db, f.owner, 'select public.delete_score_submission($1)', [f.submission])).rejects.toMatchObject({ code: 'P0001' });
        expect(await storageApiDelete(f.owner)).toHaveLength(1);
      });
    });
  });
}
