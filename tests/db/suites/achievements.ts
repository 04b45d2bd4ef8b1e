// Achievements and stats, decided by the server (issue 29): each refusal in words (an undeclared id,
// another game's run, another student's run, no run, a threshold not reached, a stat faster than play
// allows, too many at once), a second unlock that pays nothing, every way in (RPC, outbox, direct
// write), the reward through the ledger and back on a moderator's revoke, the portal's own granted
// where their condition happens, and the unlock rate from its counter.
import { beforeEach, describe, expect, it } from 'vitest';
import { balance, createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface Unlocked {
  unlock_id: number;
  reward: number;
  already: boolean;
}

export function achievementsSuite(ctx: DbContext): void {
  describe('achievements', () => {
    const { db } = ctx;
    let me: string;
    let other: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'badge_hunter');
      other = await createPlayer(db, 'badge_rival');
    });

    const startRun = async (app = 'snake', actor = me) => {
      const run = crypto.randomUUID();
      await as(db, actor, 'select public.start_game_run($1, $2)', [app, run]);
      return run;
    };
    /** The run began `seconds` ago by the server's clock. */
    const backdate = (run: string, seconds: number) =>
      db.query('update app_private.game_runs set started_at = started_at - make_interval(secs => $2) where run_id = $1', [run, seconds]);
    const unlock = async (app: string, code: string, run: string | null, client: string = crypto.randomUUID()) =>
      (await as<{ r: Unlocked }>(db, me, 'select public.unlock_achievement($1, $2, $3, $4) as r', [app, code, run, client]))[0]!.r;
    const unlockRefusal = (app: string, code: string, run: string | null, actor = me) =>
      errorOf(db, actor, 'select public.unlock_achievement($1, $2, $3, $4)', [app, code, run, crypto.randomUUID()]);
    const report = async (app: string, run: string, name: string, value: number) =>
      (await as<{ r: { value: number } }>(db, me, 'select public.report_stat($1, $2, $3, $4, $5) as r', [app, run, name, value, crypto.randomUUID()]))[0]!.r.value;
    const reportRefusal = (app: string, run: string | null, name: string, value: number) =>
      errorOf(db, me, 'select public.report_stat($1, $2, $3, $4, $5)', [app, run, name, value, crypto.randomUUID()]);
    const held = async (user: string) =>
      (await db.query<{ code: string }>(
        `select a.code from public.achievement_unlocks u join public.achievements a on a.id = u.achievement_id
          where u.user_id = $1 and u.revoked_at is null order by a.code`, [user],
      )).rows.map((r) => r.code);

    it('unlocks a declared achievement in the student\'s own run once, paying its reward once through the ledger', async () => {
      const run = await startRun();
      const client = crypto.randomUUID();
      const first = await unlock('snake', 'first-apple', run, client);
      expect(first).toMatchObject({ reward: 10, already: false });
      expect(await balance(db, me)).toBe(10);
      const ledger = await db.query('select amt, why from public.coins_transactions where user_id = $1', [me]);
      expect(ledger.rows).toEqual([{ amt: 10, why: 'Achievement: First Bite' }]);
      // The same request again (a lost answer) and the same unlock again (another device): neither pays.
      expect(await unlock('snake', 'first-apple', run, client)).toEqual(first);
      expect(await unlock('snake', 'first-apple', await startRun())).toEqual({ unlock_id: first.unlock_id, reward: 0, already: true });
      expect(await balance(db, me)).toBe(10);
      expect(await held(me)).toEqual(['first-apple']);
    });

    it('refuses an achievement the game did not declare, or another game declared', async () => {
      const run = await startRun();
      expect(await unlockRefusal('snake', 'nope', run)).toEqual({ code: '22023', message: 'snake declares no achievement "nope".' });
      expect(await unlockRefusal('snake', 'first-pipe', run)).toEqual({ code: '22023', message: 'snake declares no achievement "first-pipe".' });
      // The portal's own are the server's to grant.
      expect(await unlockRefusal('snake', 'streak-7', run)).toEqual({ code: '22023', message: 'snake declares no achievement "streak-7".' });
      expect(await held(me)).toEqual([]);
    });

    it('refuses without a run the server saw start, with another game\'s run and with another student\'s', async () => {
      expect(await unlockRefusal('snake', 'first-apple', crypto.randomUUID())).toEqual({
        code: 'P0001', message: 'The server never saw this game run start, so it cannot count: play a new game while online.',
      });
      expect(await unlockRefusal('snake', 'first-apple', null)).toEqual({ code: '22023', message: 'An achievement or a stat needs the game run it happened in.' });
      expect(await unlockRefusal('snake', 'first-apple', await startRun('flappy'))).toEqual({ code: 'P0001', message: 'That game run is of another game.' });
      expect(await unlockRefusal('snake', 'first-apple', await startRun('snake', other))).toEqual({ code: 'P0001', message: 'That game run is not yours.' });
      expect(await reportRefusal('snake', await startRun('snake', other), 'length', 4)).toEqual({ code: 'P0001', message: 'That game run is not yours.' });
      expect(await reportRefusal('snake', await startRun('flappy'), 'length', 4)).toEqual({ code: 'P0001', message: 'That game run is of another game.' });
      expect(await reportRefusal('snake', crypto.randomUUID(), 'length', 4)).toMatchObject({ code: 'P0001' });
      expect(await held(me)).toEqual([]);
      expect(await balance(db, me)).toBe(0);
    });

    it('refuses a stat threshold not reached, and unlocks once a reported stat reaches it', async () => {
      const run = await startRun();
      expect(await unlockRefusal('snake', 'length-20', run)).toEqual({ code: 'P0001', message: '"Noodle" needs length of at least 20; yours is 0.' });
      await backdate(run, 1);
      expect(await report('snake', run, 'length', 19)).toBe(19);
      expect(await unlockRefusal('snake', 'length-20', run)).toEqual({ code: 'P0001', message: '"Noodle" needs length of at least 20; yours is 19.' });
      expect(await report('snake', run, 'length', 20)).toBe(20);
      expect(await unlock('snake', 'length-20', run)).toMatchObject({ reward: 25, already: false });
    });

    it('refuses a stat that rose faster than play allows, at the edge of the pace', async () => {
      const run = await startRun();
      // Snake's length grows at most 15 a second: 15 in the run's first second, 45 two seconds in.
      expect(await reportRefusal('snake', run, 'length', 16)).toEqual({
        code: 'P0001', message: 'length of 16 after 0 seconds of play is more than the game allows: at most 15 a second.',
      });
      expect(await report('snake', run, 'length', 15)).toBe(15);
      await backdate(run, 2);
      expect(await reportRefusal('snake', run, 'length', 46)).toMatchObject({ message: expect.stringContaining('46 after 2 seconds') });
      expect(await report('snake', run, 'length', 45)).toBe(45);
      expect(await reportRefusal('snake', run, 'wingspan', 1)).toEqual({ code: '22023', message: 'snake declares no stat "wingspan".' });
      expect(await reportRefusal('snake', run, 'length', -1)).toEqual({ code: '22023', message: 'A stat is a whole number from 0 to 1,000,000,000.' });
    });

    it('keeps the best run of a max stat and adds up the runs of a total one, each report only growing its run', async () => {
      const first = await startRun();
      const second = await startRun();
      await backdate(first, 10);
      await backdate(second, 10);
      expect(await report('snake', first, 'apples', 10)).toBe(10);
      expect(await report('snake', first, 'apples', 12)).toBe(12);
      expect(await report('snake', first, 'apples', 3)).toBe(12);
      expect(await report('snake', second, 'apples', 5)).toBe(17);
      expect(await report('snake', first, 'length', 30)).toBe(30);
      expect(await report('snake', second, 'length', 12)).toBe(30);
    });

    it('refuses the 11th unlock of a minute so a script cannot sweep the catalogue, and keeps it for later', async () => {
      await db.query(
        `insert into public.achievement_unlocks (user_id, achievement_id, run_id)
         select $1, a.id, gen_random_uuid() from public.achievements a where a.app_id <> 'snake' order by a.id limit 10`, [me],
      );
      expect(await unlockRefusal('snake', 'first-apple', await startRun())).toEqual({
        code: 'PT429', message: 'Too many achievements at once: at most 10 a minute. The rest wait on this device and are sent in a moment.',
      });
      await db.query(`update public.achievement_unlocks set unlocked_at = now() - interval '61 seconds' where user_id = $1`, [me]);
      expect(await unlock('snake', 'first-apple', await startRun())).toMatchObject({ already: false });
    });

    it('takes the same way in through the outbox, applying each client id once', async () => {
      const run = await startRun();
      await backdate(run, 5);
      const stat = crypto.randomUUID();
      const ops = [
        { id: stat, kind: 'report_stat', args: { p_app_id: 'snake', p_run_id: run, p_name: 'length', p_value: 20 } },
        { id: crypto.randomUUID(), kind: 'unlock_achievement', args: { p_app_id: 'snake', p_achievement: 'length-20', p_run_id: run } },
        { id: crypto.randomUUID(), kind: 'unlock_achievement', args: { p_app_id: 'snake', p_achievement: 'nope', p_run_id: run } },
      ];
      const [out] = await as<{ r: { ok: boolean; result?: unknown; message?: string }[] }>(db, me, 'select public.apply_mutations($1) as r', [JSON.stringify(ops)]);
      expect(out!.r.map((o) => o.ok)).toEqual([true, true, false]);
      expect(out!.r[2]!.message).toBe('snake declares no achievement "nope".');
      const [again] = await as<{ r: { ok: boolean }[] }>(db, me, 'select public.apply_mutations($1) as r', [JSON.stringify(ops.slice(0, 2))]);
      expect(again!.r.map((o) => o.ok)).toEqual([true, true]);
      expect(await balance(db, me)).toBe(25);
      expect(await held(me)).toEqual(['length-20']);
    });

    it('counts an unlock in a run played offline once the outbox tells of the run, but no stat of it, and holds its score', async () => {
      const run = crypto.randomUUID();
      const note = { id: crypto.randomUUID(), kind: 'note_offline_game_run', args: { p_app_id: 'snake', p_run_id: run } };
      const ops = [
        note,
        { id: crypto.randomUUID(), kind: 'unlock_achievement', args: { p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: run } },
        { id: crypto.randomUUID(), kind: 'report_stat', args: { p_app_id: 'snake', p_run_id: run, p_name: 'length', p_value: 1 } },
        { id: crypto.randomUUID(), kind: 'unlock_achievement', args: { p_app_id: 'snake', p_achievement: 'length-20', p_run_id: run } },
      ];
      const [out] = await as<{ r: { ok: boolean; result?: unknown; message?: string }[] }>(db, me, 'select public.apply_mutations($1) as r', [JSON.stringify(ops)]);
      expect(out!.r.map((o) => o.ok)).toEqual([true, true, false, false]);
      expect(out!.r[0]!.result).toEqual({ run_id: run, played_offline: true });
      expect(out!.r[2]!.message).toBe('This game was played offline, so the server cannot tell how long it lasted: its length does not count.');
      expect(out!.r[3]!.message).toBe('"Noodle" needs length of at least 20; yours is 0.');
      // The same batch again (a lost answer) changes nothing and pays nothing twice.
      const [again] = await as<{ r: { ok: boolean }[] }>(db, me, 'select public.apply_mutations($1) as r', [JSON.stringify(ops.slice(0, 2))]);
      expect(again!.r.map((o) => o.ok)).toEqual([true, true]);
      expect(await held(me)).toEqual(['first-apple']);
      expect(await balance(db, me)).toBe(10);
      // Its score vouches for no play: held for the desk with no play seen, not refused for too much play.
      const [score] = await as<{ id: string }>(db, me, 'select public.submit_score($1, $2, $3, $4, $5, $6, $7)::text as id', [
        'snake', 40, crypto.randomUUID(), run, 60_000, false, null,
      ]);
      expect((await db.query('select play_ms, play_seen_ms from public.leaderboard_submissions where id = $1::bigint', [score!.id])).rows)
        .toEqual([{ play_ms: 60_000, play_seen_ms: null }]);
    });

    it('refuses to tell of a run id another student holds, and leaves a run the server saw start as seen', async () => {
      const note = (run: string, actor = me) =>
        as<{ r: { played_offline: boolean } }>(db, actor, 'select public.note_offline_game_run($1, $2, $3) as r', ['snake', run, crypto.randomUUID()]);
      const theirs = await startRun('snake', other);
      expect(await errorOf(db, me, 'select public.note_offline_game_run($1, $2, $3)', ['snake', theirs, crypto.randomUUID()]))
        .toEqual({ code: '22023', message: 'That run id is taken.' });
      expect(await errorOf(db, me, 'select public.note_offline_game_run($1, $2, $3)', ['nope', crypto.randomUUID(), crypto.randomUUID()]))
        .toEqual({ code: '22023', message: 'Unknown app: nope' });
      const seen = await startRun();
      expect((await note(seen))[0]!.r.played_offline).toBe(false);
      // The limit on runs is one: runs told of offline count with the ones started online.
      await db.query(
        `insert into app_private.game_runs (run_id, user_id, app_id) select gen_random_uuid(), $1, 'snake' from generate_series(1, 118)`, [me],
      );
      expect((await note(crypto.randomUUID()))[0]!.r.played_offline).toBe(true);
      expect(await errorOf(db, me, 'select public.start_game_run($1, $2)', ['snake', crypto.randomUUID()])).toMatchObject({ code: 'P0001' });
    });

    it('refuses a direct write or read of unlocks and stats through the API roles', async () => {
      const [achievement] = (await db.query<{ id: string }>(`select id::text from public.achievements where app_id = 'snake' and code = 'length-50'`)).rows;
      expect(await errorOf(db, me, 'insert into public.achievement_unlocks (user_id, achievement_id) values ($1, $2)', [me, achievement!.id]))
        .toMatchObject({ code: '42501' });
      expect(await errorOf(db, me, 'select * from public.achievement_unlocks')).toMatchObject({ code: '42501' });
      expect(await errorOf(db, me, `update public.achievements set reward = 500 where code = 'first-apple'`)).toMatchObject({ code: '42501' });
      expect(await errorOf(db, me, `insert into app_private.game_stats (user_id, app_id, name, value) values ($1, 'snake', 'length', 50)`, [me]))
        .toMatchObject({ code: '42501' });
      expect(await errorOf(db, null, `select public.unlock_achievement('snake', 'first-apple', gen_random_uuid(), gen_random_uuid())`)).toMatchObject({ code: '42501' });
    });

    it('lets a moderator revoke an unlock with a reason, taking its reward back through the ledger, never their own', async () => {
      const moderator = await createPlayer(db, 'badge_judge');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
      const { unlock_id: id } = await unlock('snake', 'first-apple', await startRun());
      expect(await errorOf(db, me, 'select public.revoke_achievement($1, $2)', [id, 'mine'])).toEqual({ code: '42501', message: 'Only a moderator can do this.' });
      expect(await errorOf(db, moderator, 'select public.revoke_achievement($1, $2)', [id, '  '])).toEqual({ code: '22023', message: 'Say why, in 1 to 500 characters.' });
      const [decision] = await as<{ d: string }>(db, moderator, 'select public.revoke_achievement($1, $2)::text as d', [id, 'Unlocked by a script.']);
      expect(await balance(db, me)).toBe(0);
      const record = await db.query('select moderator_id, subject, subject_id::int, action, reason from public.moderation_decisions where id = $1', [decision!.d]);
      expect(record.rows).toEqual([{ moderator_id: moderator, subject: 'achievement', subject_id: id, action: 'revoke', reason: 'Unlocked by a script.' }]);
      expect(await errorOf(db, moderator, 'select public.revoke_achievement($1, $2)', [id, 'again'])).toEqual({ code: 'P0001', message: 'That achievement was already taken back.' });
      // The desk's record names it, and it stays final: the reward is back in the ledger.
      const [recorded] = await as<{ about: string; action: string; undoable: boolean }>(db, moderator,
        'select about, action, undoable from public.get_moderation_decisions(5) where id = $1', [decision!.d]);
      expect(recorded).toEqual({ about: `badge_hunter's "First Bite" in Snake`, action: 'revoke', undoable: false });
      expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [decision!.d, 'oops'])).toEqual({
        code: 'P0001', message: 'An achievement taken back stays taken back.',
      });
      expect(await unlockRefusal('snake', 'first-apple', await startRun())).toEqual({
        code: 'P0001', message: 'A moderator took "First Bite" back, so it cannot be unlocked again.',
      });
      expect(await held(me)).toEqual([]);
      // A moderator's own unlock waits for another moderator.
      const ownRun = await startRun('snake', moderator);
      const [own] = await as<{ r: Unlocked }>(db, moderator, 'select public.unlock_achievement($1, $2, $3, $4) as r', ['snake', 'first-apple', ownRun, crypto.randomUUID()]);
      expect(await errorOf(db, moderator, 'select public.revoke_achievement($1, $2)', [own!.r.unlock_id, 'oops'])).toEqual({
        code: 'P0001', message: 'You cannot decide on your own achievement: another moderator will.',
      });
    });

    it("finds a student's achievements for the desk by username, taken-back ones marked, for moderators only", async () => {
      const moderator = await createPlayer(db, 'badge_clerk');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
      const first = await unlock('snake', 'first-apple', await startRun());
      await unlock('minesweeper', 'flag-ten', await startRun('minesweeper'));
      await as(db, moderator, 'select public.revoke_achievement($1, $2)', [first.unlock_id, 'Unlocked by a script.']);
      const rows = await as<{ unlock_id: number; username: string; app_id: string; game_title: string; title: string; revoked: boolean }>(db, moderator,
        'select unlock_id::int, username, app_id, game_title, title, revoked_at is not null as revoked from public.get_student_achievements($1)', ['  BADGE_HUNTER ']);
      expect(rows.map(({ unlock_id: _id, ...row }) => row).sort((a, b) => a.app_id.localeCompare(b.app_id))).toEqual([
        { username: 'badge_hunter', app_id: 'minesweeper', game_title: 'Minesweeper', title: 'Flag Bearer', revoked: false },
        { username: 'badge_hunter', app_id: 'snake', game_title: 'Snake', title: 'First Bite', revoked: true },
      ]);
      expect(rows.map((row) => row.unlock_id)).toContain(Number(first.unlock_id));
      expect(await errorOf(db, other, 'select * from public.get_student_achievements($1)', ['badge_hunter'])).toEqual({ code: '42501', message: 'Only a moderator can do this.' });
      expect(await errorOf(db, moderator, 'select * from public.get_student_achievements($1)', ['nobody_here'])).toEqual({ code: 'P0001', message: 'No student is called nobody_here.' });
    });

    it('grants them on a write by the service role too, which cannot reach the private schema itself', async () => {
      const [score] = (await db.query<{ id: string }>(`insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, '2048', 100) returning id::text`, [me])).rows;
      await tx(db, async (t) => {
        await t.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
        await t.exec('set local role service_role');
        await t.query(`update public.leaderboard_submissions set review = 'approved' where id = $1`, [score!.id]);
        await t.query('insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, 7, 7, now())', [me]);
      });
      expect(await held(me)).toEqual(['first-approved-score', 'streak-7']);
    });

    it('grants the portal\'s own where their condition happens, once', async () => {
      await db.query('insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, 6, 6, now())', [me]);
      expect(await held(me)).toEqual([]);
      await db.query('update public.streak set current_streak = 7, longest_streak = 7 where user_id = $1', [me]);
      await db.query('update public.streak set current_streak = 8, longest_streak = 8 where user_id = $1', [me]);
      expect(await held(me)).toEqual(['streak-7']);
      // Paid once, with the streak bonus of a running streak.
      expect(await balance(db, me)).toBe(200);

      const [score] = (await db.query<{ id: string }>(`insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, '2048', 100) returning id::text`, [me])).rows;
      await db.query(`update public.leaderboard_submissions set review = 'approved' where id = $1`, [score!.id]);
      await db.query(
        `insert into public.apps_played (user_id, app_id) select $1, id from public.apps where retired_at is null order by id limit 9`, [me],
      );
      expect(await held(me)).toEqual(['first-approved-score', 'streak-7']);
      await db.query(`insert into public.apps_played (user_id, app_id) select $1, id from public.apps where retired_at is null order by id offset 9 limit 1`, [me]);
      expect(await held(me)).toEqual(['first-approved-score', 'streak-7', 'ten-games']);

      const [match] = (await db.query<{ id: string }>(
        `insert into app_private.matches (game, pace, first_player, second_player, invited_by, status, position, deadline, started_at)
         values ('tic-tac-toe', 'correspondence', $1, $2, $1, 'active', '.........', now() + interval '1 day', now()) returning id::text`, [me, other],
      )).rows;
      await db.query(`select app_private.finish_match($1, 'draw', 'agreed')`, [match!.id]);
      expect(await held(me)).toContain('first-friend-game');
      expect(await held(other)).toEqual(['first-friend-game']);
    });

    it('keeps a shelf of up to 3 of the student\'s own badges, in order, shown on their public profile', async () => {
      const run = await startRun();
      await backdate(run, 60);
      await report('snake', run, 'length', 20);
      const ids: number[] = [];
      for (const code of ['first-apple', 'length-20', 'speed-demon']) ids.push((await unlock('snake', code, run)).unlock_id);
      const theirs = (await as<{ r: Unlocked }>(db, other, 'select public.unlock_achievement($1, $2, $3, $4) as r', ['snake', 'first-apple', await startRun('snake', other), crypto.randomUUID()]))[0]!.r.unlock_id;
      const set = (ids: unknown) => as(db, me, 'select public.set_badge_shelf($1::bigint[]) as n', [ids]);
      const refusal = (ids: unknown) => errorOf(db, me, 'select public.set_badge_shelf($1::bigint[])', [ids]);
      expect(await refusal([...ids, ids[0]])).toEqual({ code: '22023', message: 'The shelf holds at most 3 badges.' });
      expect(await refusal([ids[0], ids[0]])).toEqual({ code: '22023', message: 'Each badge goes on the shelf once.' });
      expect(await refusal([ids[0], theirs])).toEqual({ code: 'P0001', message: 'Only achievements you unlocked can go on your shelf.' });
      await set([ids[2], ids[0]]);
      const shelf = async () => (await as<{ code: string }>(db, null, 'select code from public.get_badge_shelf($1)', ['badge_hunter'])).map((r) => r.code);
      expect(await shelf()).toEqual(['speed-demon', 'first-apple']);
      await set([ids[1]]);
      expect(await shelf()).toEqual(['length-20']);
      const mine = await as<{ code: string; shelf: number | null }>(db, me, 'select code, shelf from public.get_my_achievements() order by code');
      expect(mine).toEqual([{ code: 'first-apple', shelf: null }, { code: 'length-20', shelf: 1 }, { code: 'speed-demon', shelf: null }]);
      // A badge a moderator took back leaves the shelf.
      await db.query('update public.achievement_unlocks set revoked_at = now() where id = $1', [ids[1]]);
      expect(await shelf()).toEqual([]);
      await set([]);
      expect(await errorOf(db, null, 'select public.set_badge_shelf($1::bigint[])', [[ids[0]]])).toMatchObject({ code: '42501' });
    });

    it('shows a game\'s page: hidden ones as ??? until unlocked, progress, and the unlock rate from its counter', async () => {
      await db.query(`insert into public.apps_played (user_id, app_id) values ($1, 'snake'), ($2, 'snake')`, [me, other]);
      const run = await startRun();
      await backdate(run, 60);
      await report('snake', run, 'length', 12);
      await unlock('snake', 'first-apple', run);
      type Shown = { code: string; title: string; icon: string | null; progress: string | null; unlocked: boolean; unlocks: number; players: string };
      const page = async () => new Map((await as<Shown>(db, me,
        'select code, title, icon, progress::text, unlocked_at is not null as unlocked, unlocks, players::text from public.get_achievements($1)', ['snake'],
      )).map((row) => [row.code, row]));
      let shown = await page();
      expect(shown.size).toBe(5);
      expect(shown.get('speed-demon')).toMatchObject({ title: '???', icon: null, unlocked: false, unlocks: 0 });
      expect(shown.get('first-apple')).toMatchObject({ title: 'First Bite', unlocked: true, unlocks: 1, players: '2' });
      expect(shown.get('length-20')).toMatchObject({ title: 'Noodle', progress: '12', unlocked: false });
      await unlock('snake', 'speed-demon', run);
      shown = await page();
      expect(shown.get('speed-demon')).toMatchObject({ title: 'Speed Demon', unlocked: true, unlocks: 1 });
      expect(shown.get('speed-demon')!.icon).toMatch(/^<svg/);
      // Another student sees the count, not the words.
      const theirs = await as<{ code: string; title: string }>(db, other, 'select code, title from public.get_achievements($1) where code = $2', ['snake', 'speed-demon']);
      expect(theirs).toEqual([{ code: 'speed-demon', title: '???' }]);
      const counted = await db.query<{ unlocks: number }>(
        `select c.unlocks from app_private.achievement_counts c join public.achievements a on a.id = c.achievement_id where a.app_id = 'snake' order by a.code`,
      );
      expect(counted.rows).toEqual([{ unlocks: 1 }, { unlocks: 1 }]);
    });
  });
}
