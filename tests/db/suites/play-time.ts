// Play time on the server (issue 20): a score the game reported is held to its game's pace and to the
// server's own clock of its run; one run vouches for one score; the desk sees the play beside the clock;
// a proof that would cross the quota is refused in words before its upload.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const MiB = 1024 * 1024;

export function playTimeSuite(ctx: DbContext): void {
  describe('play time checks', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'play_player');
    });

    const startRun = (app = 'snake', runId: string = crypto.randomUUID(), actor: string | null = me) =>
      as(db, actor, 'select public.start_game_run($1, $2) as started', [app, runId]).then(() => runId);
    /** The run began `seconds` ago by the server's clock. */
    const backdate = (runId: string, seconds: number) =>
      db.query(`update app_private.game_runs set started_at = started_at - make_interval(secs => $2) where run_id = $1`, [runId, seconds]);
    const send = (app: string, score: number, play: { run?: string | null; ms?: number | null; resumed?: boolean; bytes?: number | null } = {}, client = crypto.randomUUID()) =>
      as<{ id: string }>(db, me, 'select public.submit_score($1, $2, $3, $4, $5, $6, $7)::text as id', [
        app, score, client, play.run ?? null, play.ms ?? null, play.resumed ?? false, play.bytes ?? null,
      ]).then(([row]) => row?.id);
    const refusal = (app: string, score: number, play: { run?: string | null; ms?: number | null; resumed?: boolean; bytes?: number | null } = {}) =>
      errorOf(db, me, 'select public.submit_score($1, $2, $3, $4, $5, $6, $7)', [
        app, score, crypto.randomUUID(), play.run ?? null, play.ms ?? null, play.resumed ?? false, play.bytes ?? null,
      ]);
    const row = async (id: string | undefined) =>
      (await as<{ play_ms: number | null; play_seen_ms: number | null; resumed: boolean; run_id: string | null }>(
        db, me, 'select play_ms, play_seen_ms, resumed, run_id::text from public.leaderboard_submissions where id = $1::bigint', [id],
      ))[0];

    it('reads play times as a student would', async () => {
      const texts = await db.query<{ t: string }>(
        `select app_private.play_time_text(ms) as t from unnest(array[0, 999, 1000, 45000, 60000, 61000, 190000, 3600000, 3660000, 7500000]::bigint[]) with ordinality u(ms, i) order by i`,
      );
      expect(texts.rows.map((r) => r.t)).toEqual([
        '0 seconds', '0 seconds', '1 second', '45 seconds', '1 minute', '1 minute 1 second', '3 minutes 10 seconds', '1 hour', '1 hour 1 minute', '2 hours 5 minutes',
      ]);
    });

    it('holds a score to its game pace for the play it claims, at the edge, unless the game went on from a save', async () => {
      // Snake: at most 143 points a second, plus one second: 9 s of play allow 1,430.
      expect(await refusal('snake', 1431, { ms: 9000 })).toEqual({
        code: 'P0001',
        message: 'A score of 1,431 in 9 seconds of Snake is more than the game allows: at most 143 points a second.',
      });
      expect(await send('snake', 1430, { ms: 9000 })).toBeDefined();
      expect(await refusal('snake', 3970, { ms: 0 })).toMatchObject({ message: expect.stringContaining('3,970 in 0 seconds of Snake') });
      // A resumed game's score holds play from before its run: the pace cannot judge it.
      const resumed = await send('snake', 3970, { ms: 0, resumed: true });
      expect(await row(resumed)).toMatchObject({ play_ms: 0, resumed: true, play_seen_ms: null });
      // A game with no pace (2048) is left to the moderators.
      expect(await send('2048', 100000, { ms: 0 })).toBeDefined();
      // The paces the migration sets.
      const paces = await db.query<{ app_id: string; pace: string }>(`select app_id, max_per_second::text as pace from app_private.score_rules where max_per_second is not null order by app_id`);
      expect(paces.rows).toEqual([
        { app_id: 'flappy', pace: '1.03' },
        { app_id: 'keyboard-sprint', pace: '58.4' },
        { app_id: 'snake', pace: '143' },
        { app_id: 'tic-tac-toe', pace: '65' },
        { app_id: 'times-table-dash', pace: '150' },
      ]);
    });

    it('holds a score sent with its run to the server clock of the run, give or take 10 seconds, and records what it saw', async () => {
      const run = await startRun('snake');
      await backdate(run, 60);
      expect(await refusal('snake', 100, { run, ms: 70_001 })).toEqual({
        code: 'P0001',
        message: 'This score claims 1 minute 10 seconds of play, but this game of Snake began only 1 minute ago.',
      });
      const id = await send('snake', 100, { run, ms: 70_000 });
      expect(await row(id)).toEqual({ play_ms: 70_000, play_seen_ms: 60_000, resumed: false, run_id: run });
      // One run vouches for one score, even one sent again with another client id.
      expect(await refusal('snake', 90, { run, ms: 1000 })).toEqual({ code: 'P0001', message: 'The score of that play was already sent.' });
    });

    it('refuses a run of another game or another student, and keeps a score whose run the server never saw for the desk', async () => {
      const run = await startRun('snake');
      expect(await refusal('2048', 100, { run, ms: 1000 })).toEqual({ code: '22023', message: "That score's play was started in another game." });
      const other = await createPlayer(db, 'play_other');
      const theirs = await startRun('snake', crypto.randomUUID(), other);
      expect(await refusal('snake', 100, { run: theirs, ms: 0 })).toEqual({ code: '22023', message: "That score's play was started in another game." });
      // Played offline: the server never heard of the run.
      const offline = crypto.randomUUID();
      expect(await row(await send('snake', 100, { run: offline, ms: 30_000 }))).toEqual({ play_ms: 30_000, play_seen_ms: null, resumed: false, run_id: offline });
      // A run id without its play time, and a play time out of range, are refused before anything is stored.
      expect(await refusal('snake', 100, { run: crypto.randomUUID() })).toEqual({ code: '22023', message: 'A score from a game run needs its play time.' });
      expect(await refusal('snake', 100, { ms: 86_400_001 })).toEqual({ code: '22023', message: 'A play time must be from 0 to 24 hours.' });
      expect(await refusal('snake', 100, { ms: -1 })).toEqual({ code: '22023', message: 'A play time must be from 0 to 24 hours.' });
    });

    it('takes the play through the outbox as through the RPC', async () => {
      const run = await startRun('snake');
      await backdate(run, 20);
      const [batch] = await as<{ r: { ok: boolean; result: { id: number }; message?: string }[] }>(db, me, 'select public.apply_mutations($1::jsonb) as r', [
        JSON.stringify([
          { id: crypto.randomUUID(), kind: 'submit_score', args: { p_app_id: 'snake', p_score: 200, p_run_id: run, p_duration_ms: 19_000, p_resumed: false, p_proof_bytes: 4000 } },
          { id: crypto.randomUUID(), kind: 'submit_score', args: { p_app_id: 'snake', p_score: 3000, p_duration_ms: 1000, p_resumed: false } },
          { id: crypto.randomUUID(), kind: 'submit_score', args: { p_app_id: 'snake', p_score: 10 } },
        ]),
      ]);
      expect(batch?.r.map((op) => op.ok)).toEqual([true, false, true]);
      expect(batch?.r[1]?.message).toBe('A score of 3,000 in 1 second of Snake is more than the game allows: at most 143 points a second.');
      expect(await as(db, me, 'select score::int, play_ms, play_seen_ms from public.leaderboard_submissions order by score')).toEqual([
        { score: 10, play_ms: null, play_seen_ms: null },
        { score: 200, play_ms: 19_000, play_seen_ms: 20_000 },
      ]);
    });

    it('lets no student write the play columns through the table', async () => {
      for (const column of ['run_id', 'play_ms', 'play_seen_ms', 'resumed']) {
        const value = column === 'run_id' ? crypto.randomUUID() : column === 'resumed' ? true : 1000;
        expect((await errorOf(db, me, `insert into public.leaderboard_submissions (user_id, app_id, score, ${column}) values ($1, 'snake', 5, $2)`, [me, value])).code).toBe('42501');
      }
      const [own] = await as<{ id: string }>(db, me, `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 5) returning id::text`, [me]);
      expect((await errorOf(db, me, 'update public.leaderboard_submissions set play_seen_ms = 1 where id = $1::bigint', [own?.id])).code).toBe('42501');
    });

    it('starts runs for signed-in students only, idempotently, 120 in 10 minutes, and forgets them after a day', async () => {
      expect((await errorOf(db, null, 'select public.start_game_run($1, $2)', ['snake', crypto.randomUUID()])).code).toBe('42501');
      expect(await errorOf(db, me, 'select public.start_game_run($1, $2)', ['no-such-game', crypto.randomUUID()])).toEqual({ code: '22023', message: 'Unknown app: no-such-game' });
      expect(await errorOf(db, me, 'select public.start_game_run($1, null)', ['snake'])).toEqual({ code: '22023', message: 'A game run needs its id.' });
      const first = await startRun('snake');
      // Sent again (a retry): the same run, not a second one.
      await startRun('snake', first);
      expect(await errorOf(db, me, 'select public.start_game_run($1, $2)', ['2048', first])).toEqual({ code: '22023', message: 'That run id is taken.' });
      for (let i = 1; i < 120; i += 1) await startRun('snake');
      expect(await errorOf(db, me, 'select public.start_game_run($1, $2)', ['snake', crypto.randomUUID()])).toEqual({
        code: 'P0001',
        message: 'You started 120 games in the last 10 minutes. Scores of the next ones wait for a moderator.',
      });
      const count = async () => Number((await db.query<{ n: string }>('select count(*)::text as n from app_private.game_runs where user_id = $1', [me])).rows[0]?.n);
      expect(await count()).toBe(120);
      await db.query(`update app_private.game_runs set started_at = started_at - interval '1 day' where user_id = $1`, [me]);
      await startRun('snake');
      expect(await count()).toBe(1);
      // No client reads or writes the runs themselves.
      expect((await errorOf(db, me, 'select * from app_private.game_runs')).code).toBe('42501');
    });

    it('tells a student whose screenshot would cross the quota so before the upload, and still replays a sent score', async () => {
      const upload = (id: string | undefined, size: number) =>
        as(db, me, `insert into storage.objects (bucket_id, name, owner, metadata) values ('submissions', $1, $2, $3::jsonb) returning name`, [
          `${id}_proof.png`, me, JSON.stringify({ size, mimetype: 'image/png' }),
        ]);
      const games = ['snake', '2048', 'breakout', 'flappy', 'memory', 'minesweeper', 'sudoku', 'chess', 'tic-tac-toe'];
      for (const game of games) expect(await upload(await send(game, 1), 2 * MiB)).toHaveLength(1);
      expect(await refusal('hex-conquest', 5, { bytes: 2 * MiB + 1 })).toEqual({
        code: 'P0001',
        message: "This screenshot (2.0 MiB) does not fit: your score screenshots take up 18.0 MiB of the 20 MiB one student keeps. Withdraw an old score on its game's page to make room.",
      });
      expect(await errorOf(db, me, 'select public.submit_score($1, $2, $3, null, null, false, 0)', ['hex-conquest', 5, crypto.randomUUID()])).toEqual({
        code: '22023',
        message: 'A screenshot cannot be empty.',
      });
      const client = crypto.randomUUID();
      const id = await send('hex-conquest', 5, { bytes: 2 * MiB }, client);
      expect(await upload(id, 2 * MiB)).toHaveLength(1);
      // The outbox sends it again after a lost answer: the same submission, though its proof now fills the quota.
      expect(await send('hex-conquest', 5, { bytes: 2 * MiB }, client)).toBe(id);
    });

    it('shows the desk the play behind each waiting score beside the server clock', async () => {
      const moderator = await createPlayer(db, 'play_keeper');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
      const run = await startRun('snake');
      await backdate(run, 30);
      const seen = await send('snake', 300, { run, ms: 28_000 });
      const byHand = await send('2048', 1000);
      for (const id of [seen, byHand]) await db.query(`insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, $2)`, [`${id}_proof.png`, me]);
      expect(await as(db, moderator, 'select submission_id::text as id, play_ms, play_seen_ms, resumed from public.get_pending_scores() order by submission_id')).toEqual([
        { id: seen, play_ms: 28_000, play_seen_ms: 30_000, resumed: false },
        { id: byHand, play_ms: null, play_seen_ms: null, resumed: false },
      ]);
    });
  });
}
