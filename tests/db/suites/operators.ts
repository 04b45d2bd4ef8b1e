// The operator steps of supabase/README.md, as written there: in the SQL editor (postgres, which is not
// a superuser on hosted) and, where the README says so, as the service role. On the Supabase-like
// database these are the hosted project's own permissions, so a step the README promises cannot fail
// there with "permission denied" without this suite saying which.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function operatorsSuite(ctx: DbContext): void {
  describe('operator steps of supabase/README.md', () => {
    const { db } = ctx;
    let student: string;

    beforeEach(async () => {
      student = await createPlayer(db, 'op_student');
    });

    /** Statements as the service role, as a request with the service key runs them. */
    const asServiceRole = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      tx(db, async (t) => {
        await t.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
        await t.exec('set local role service_role');
        return (await t.query<T>(text, params)).rows;
      });

    it('opens a season with its rewards and tiers, and lists an item for sale (SQL editor)', async () => {
      await db.exec(`
        insert into public.battlepass_seasons (season, name, starts_at, ends_at)
        values (90, 'Frost Pass', now() + interval '400 days', now() + interval '445 days') on conflict do nothing;
        insert into public.shop_items (id, name, description, preview_emoji, price, rarity, created_at, type, asset, listed, battlepass_season)
        values
          ('s90_snowflake_cursor', 'Snowflake Cursor', 'Point with a snowflake.', '❄️', null, 'Rare', current_date, 'cursor',
           '{"url": "/cosmetics/cursors/s3_snowflake_cursor.svg", "color": "#3b82f6"}', false, 90),
          ('s90_dabloons_500', '500 Frost Dabloons', 'A frosty pouch of 500 Dabloons.', '🪙', 500, 'Common', current_date, 'coin',
           '{"icon": "🪙", "color": "#ffffff"}', false, 90)
        on conflict do nothing;
        insert into public.battlepass_tiers (season, tier, coins_required, item_id) values
          (90, 1, 100, 's90_dabloons_500'), (90, 2, 500, 's90_snowflake_cursor') on conflict do nothing;`);
      const tiers = await as<{ tier: number }>(db, null, 'select tier from public.battlepass_tiers where season = 90 order by tier');
      expect(tiers.map((row) => row.tier)).toEqual([1, 2]);
    });

    it('grants creator status and takes it back (service role), and features a video (SQL editor)', async () => {
      await asServiceRole(`insert into public.creators (user_id, granted_by) values ($1, 'your name') on conflict (user_id) do nothing`, [student]);
      expect(await as(db, student, 'select public.is_creator() as yes')).toEqual([{ yes: true }]);
      const [social] = await as<{ id: number }>(db, student, `insert into public.creator_socials (user_id, platform, handle) values ($1, 'youtube', 'op_channel') returning id`, [student]);
      const [video] = await as<{ id: number }>(
        db,
        student,
        `insert into public.creator_videos (social_id, title, url) values ($1, 'How I play', 'https://example.org/watch') returning id`,
        [social?.id],
      );
      await db.query('update public.creator_videos set featured = true where id = $1', [video?.id]);
      expect(await as(db, null, 'select featured from public.creator_videos where id = $1', [video?.id])).toEqual([{ featured: true }]);
      await asServiceRole('delete from public.creators where user_id = $1', [student]);
      expect(await as(db, student, 'select public.is_creator() as yes')).toEqual([{ yes: false }]);
    });

    it('blocks a word, reads the reports and hides a message (SQL editor), and reads takedown requests (service role)', async () => {
      await db.exec(`insert into app_private.chat_blocked_words (word) values ('frobnicate') on conflict do nothing`);
      const [sent] = await as<{ r: { id: number; body: string } }>(db, student, 'select public.send_chat_message($1, $2) as r', ['you frobnicate', crypto.randomUUID()]);
      expect(sent?.r.body).not.toContain('frobnicate');
      const reporter = await createPlayer(db, 'op_reporter');
      await as(db, reporter, 'insert into public.chat_reports (message_id, reporter_id, reason) values ($1, $2, $3)', [sent?.r.id, reporter, 'rude']);
      const reports = await db.query(
        'select r.created_at, r.reporter_id, r.reason, r.message_id, r.message_author, r.message_body from public.chat_reports r order by r.created_at desc',
      );
      expect(reports.rows).toHaveLength(1);
      await db.query('update public.chat_messages set hidden = true where id = $1', [sent?.r.id]);
      await db.exec(`delete from app_private.chat_blocked_words where word = 'frobnicate'`);

      await as(db, null, 'insert into public.takedown_requests (name, email, url, reason) values ($1, $2, $3, $4)', [
        'A Teacher',
        'teacher@example.org',
        'https://example.org/copy',
        'This copy is mine.',
      ]);
      const requests = await asServiceRole<{ name: string }>('select * from public.takedown_requests order by created_at desc');
      expect(requests.map((row) => row.name)).toEqual(['A Teacher']);
    });

    it('credits and reads coins with the service role, as the e2e helpers and scripts do', async () => {
      await asServiceRole(`insert into public.coins_transactions (user_id, amt, why) values ($1, 250, 'operator grant')`, [student]);
      const rows = await asServiceRole<{ amt: number }>('select amt from public.coins_transactions where user_id = $1', [student]);
      expect(rows).toEqual([{ amt: 250 }]);
    });
  });
}
