// The moderation desk (issue 20): only a moderator reaches its RPCs, whatever the page shows; each
// decision takes effect, is recorded with who and why, and is undone by a later decision; two
// moderators cannot decide the same thing twice; a moderator sees the proofs they review.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function moderationSuite(ctx: DbContext): void {
  describe('moderation desk', () => {
    const { db } = ctx;
    let moderator: string;
    let student: string;

    beforeEach(async () => {
      moderator = await createPlayer(db, 'desk_keeper');
      student = await createPlayer(db, 'desk_student');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
    });

    const submit = async (score: number, app = '2048'): Promise<number> => {
      const [row] = await as<{ id: string }>(db, student, 'insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, $2, $3) returning id', [student, app, score]);
      const id = Number(row?.id);
      await db.query(`insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, $2)`, [`${id}_proof.png`, student]);
      return id;
    };
    const board = async () => (await as(db, null, 'select score, reviewed from public.get_app_high_scores($1)', ['2048'])).map((r) => [Number(r.score), r.reviewed]);
    const decide = async (sql: string, params: unknown[]) => Number((await as<{ r: string }>(db, moderator, `select ${sql} as r`, params))[0]?.r);

    it('answers a student who calls any desk RPC with 42501, and anon too', async () => {
      const id = await submit(40);
      const calls: [string, unknown[]][] = [
        ['public.get_pending_scores()', []],
        ['public.get_open_chat_reports()', []],
        ['public.get_open_takedowns()', []],
        ['public.get_moderation_decisions(10)', []],
        ['public.review_score($1, true, $2)', [id, 'looks fine']],
        ['public.moderate_chat_report(1, true, $1)', ['rude']],
        ['public.resolve_takedown(1, $1)', ['done']],
        ['public.undo_moderation_decision(1, $1)', ['oops']],
      ];
      for (const [sql, params] of calls) {
        expect(await errorOf(db, student, `select ${sql}`, params)).toEqual({ code: '42501', message: 'Only a moderator can do this.' });
        expect((await errorOf(db, null, `select ${sql}`, params))?.code).toBe('42501');
      }
      expect((await as(db, student, 'select public.is_moderator() as m'))[0]?.m).toBe(false);
      expect((await as(db, moderator, 'select public.is_moderator() as m'))[0]?.m).toBe(true);
      expect(await as(db, student, 'select review from public.leaderboard_submissions')).toEqual([{ review: 'pending' }]);
    });

    it('queues pending scores with their proofs, approves one onto the board, records it, and undoes it', async () => {
      const id = await submit(1200);
      await as(db, student, 'insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, $2, $3)', [student, '2048', 130]);
      const queue = await as(db, moderator, 'select submission_id::text, app_title, username, score::int, max_score::int, proof from public.get_pending_scores()');
      // The score without a proof is not for review yet.
      expect(queue).toEqual([{ submission_id: String(id), app_title: '2048', username: 'desk_student', score: 1200, max_score: expect.any(Number), proof: `${id}_proof.png` }]);
      expect(await as(db, moderator, `select name from storage.objects where bucket_id = 'submissions'`)).toEqual([{ name: `${id}_proof.png` }]);
      expect(await as(db, await createPlayer(db, 'desk_other'), `select name from storage.objects where bucket_id = 'submissions'`)).toEqual([]);

      expect(await board()).toEqual([[1200, false]]);
      const approval = await decide('public.review_score($1, true, $2)', [id, '  The screenshot shows 1,200.  ']);
      expect(await board()).toEqual([[1200, true]]);
      expect(await as(db, moderator, 'select * from public.get_pending_scores()')).toEqual([]);
      expect(await errorOf(db, moderator, 'select public.review_score($1, true, $2)', [id, 'again'])).toEqual({ code: 'P0001', message: 'That score is already approved.' });

      const undo = await decide('public.undo_moderation_decision($1, $2)', [approval, 'Wrong game in the screenshot.']);
      expect(await board()).toEqual([]);
      const record = await as(db, moderator, 'select id::text, moderator_username, subject, about, action, reason, undoes::text, undoable from public.get_moderation_decisions(10)');
      expect(record).toEqual([
        { id: String(undo), moderator_username: 'desk_keeper', subject: 'score', about: 'desk_student: 1,200 in 2048', action: 'reject', reason: 'Wrong game in the screenshot.', undoes: String(approval), undoable: true },
        { id: String(approval), moderator_username: 'desk_keeper', subject: 'score', about: 'desk_student: 1,200 in 2048', action: 'approve', reason: 'The screenshot shows 1,200.', undoes: null, undoable: false },
      ]);
      expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [approval, 'twice'])).toEqual({
        code: 'P0001',
        message: 'A later decision on this was made since: undo that one instead.',
      });
      expect((await as(db, student, 'select review from public.get_own_scores($1) where id = $2', ['2048', id]))[0]?.review).toBe('rejected');
    });

    it('refuses a decision without a reason or with an unknown subject, and changes nothing', async () => {
      const id = await submit(50);
      for (const reason of ['', '   ', null, 'x'.repeat(501)]) {
        expect(await errorOf(db, moderator, 'select public.review_score($1, false, $2)', [id, reason])).toEqual({
          code: 'P0001',
          message: 'Say why in a few words (at most 500 characters): every decision keeps its reason.',
        });
      }
      expect((await errorOf(db, moderator, 'select public.review_score(999999, true, $1)', ['fine']))?.message).toBe('That score is gone: its student withdrew it.');
      expect((await errorOf(db, moderator, 'select public.undo_moderation_decision(999999, $1)', ['fine']))?.code).toBe('22023');
      expect((await db.query('select count(*)::int as n from public.moderation_decisions')).rows[0]).toEqual({ n: 0 });
      expect(await as(db, student, 'select review from public.leaderboard_submissions')).toEqual([{ review: 'pending' }]);
    });

    it('hides a reported message for everyone but its author, closes its reports, and restores it on undo', async () => {
      const [message] = await as<{ id: string }>(db, student, 'insert into public.chat_messages (user_id, body) values ($1, $2) returning id', [student, 'you are all slow']);
      const reporters = [await createPlayer(db, 'desk_reporter_a'), await createPlayer(db, 'desk_reporter_b')];
      for (const reporter of reporters) {
        await as(db, reporter, 'insert into public.chat_reports (message_id, reporter_id, reason) values ($1, $2, $3)', [message?.id, reporter, 'rude']);
      }
      const open = await as<{ report_id: string; body: string; author_username: string; hidden: boolean; deleted: boolean }>(
        db, moderator, 'select report_id::text, body, author_username, hidden, deleted, reporter_username from public.get_open_chat_reports()',
      );
      expect(open.map((r) => [r.body, r.author_username, r.hidden, r.deleted])).toEqual([
        ['you are all slow', 'desk_student', false, false],
        ['you are all slow', 'desk_student', false, false],
      ]);
      const hide = await decide('public.moderate_chat_report($1, true, $2)', [open[0]?.report_id, 'Unkind to the class.']);
      expect(await as(db, moderator, 'select * from public.get_open_chat_reports()')).toEqual([]);
      expect(await as(db, reporters[0] ?? null, 'select id from public.chat_messages where id = $1', [message?.id])).toEqual([]);
      expect(await as(db, student, 'select hidden from public.chat_messages where id = $1', [message?.id])).toEqual([{ hidden: true }]);
      expect((await errorOf(db, moderator, 'select public.moderate_chat_report($1, true, $2)', [open[1]?.report_id, 'again']))?.message).toBe('That message is already hidden.');

      await decide('public.undo_moderation_decision($1, $2)', [hide, 'It was a joke between friends.']);
      expect(await as(db, reporters[0] ?? null, 'select body from public.chat_messages where id = $1', [message?.id])).toEqual([{ body: 'you are all slow' }]);
    });

    it('decides on a report whose message its author has deleted, from the copy the report kept', async () => {
      const [message] = await as<{ id: string }>(db, student, 'insert into public.chat_messages (user_id, body) values ($1, $2) returning id', [student, 'gone soon']);
      const reporter = await createPlayer(db, 'desk_reporter');
      await as(db, reporter, 'insert into public.chat_reports (message_id, reporter_id, reason) values ($1, $2, $3)', [message?.id, reporter, 'spam']);
      await as(db, student, 'delete from public.chat_messages where id = $1', [message?.id]);
      const [report] = await as<{ report_id: string; body: string; deleted: boolean }>(db, moderator, 'select report_id, body, deleted from public.get_open_chat_reports()');
      expect(report).toMatchObject({ body: 'gone soon', deleted: true });
      await decide('public.moderate_chat_report($1, true, $2)', [report?.report_id, 'Spam, already gone.']);
      expect(await as(db, moderator, 'select * from public.get_open_chat_reports()')).toEqual([]);
    });

    it('resolves a takedown request and reopens it on undo', async () => {
      await db.query(`insert into public.takedown_requests (name, email, url, reason) values ('Ann', 'ann@example.test', 'https://games.example/a', 'My game, copied')`);
      const [request] = await as<{ id: string; email: string }>(db, moderator, 'select id::text, email from public.get_open_takedowns()');
      expect(request?.email).toBe('ann@example.test');
      const resolved = await decide('public.resolve_takedown($1, $2)', [request?.id, 'Entry retired; replied to Ann.']);
      expect(await as(db, moderator, 'select * from public.get_open_takedowns()')).toEqual([]);
      expect((await errorOf(db, moderator, 'select public.resolve_takedown($1, $2)', [request?.id, 'again']))?.message).toBe('That request is already resolved.');
      await decide('public.undo_moderation_decision($1, $2)', [resolved, 'Not retired yet.']);
      expect(await as(db, moderator, 'select id::text from public.get_open_takedowns()')).toEqual([{ id: request?.id }]);
    });

    it('keeps a moderator with an authenticator app away from the desk and the proofs until the code is entered', async () => {
      const id = await submit(70);
      await db.query(
        `insert into auth.mfa_factors (id, user_id, factor_type, status, secret, created_at, updated_at)
         values (gen_random_uuid(), $1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now())`,
        [moderator],
      );
      const request = (level: 'aal1' | 'aal2', text: string) =>
        tx(db, async (t) => {
          await t.actAs(moderator);
          await t.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: moderator, role: 'authenticated', aud: 'authenticated', aal: level })]);
          return (await t.query<Record<string, unknown>>(text)).rows;
        }).catch((error: unknown) => error as { code: string });
      expect(await request('aal1', 'select submission_id from public.get_pending_scores()')).toMatchObject({ code: '42501' });
      expect(await request('aal1', `select name from storage.objects where bucket_id = 'submissions'`)).toEqual([]);
      expect(await request('aal2', 'select submission_id::text from public.get_pending_scores()')).toEqual([{ submission_id: String(id) }]);
      expect(await request('aal2', `select name from storage.objects where bucket_id = 'submissions'`)).toEqual([{ name: `${id}_proof.png` }]);
    });
  });
}
