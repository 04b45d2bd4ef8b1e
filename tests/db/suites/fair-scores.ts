// Plausible scores (issue 20): a score above what its game can produce is refused whichever way it is
// sent, a student's scores per game are limited in time and in number, and withdrawing one does not
// give its turn back.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function fairScoresSuite(ctx: DbContext): void {
  describe('plausible scores', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'fair_player');
    });

    const insert = (app: string, score: number) =>
      as<{ id: string }>(db, me, 'insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, $2, $3) returning id', [me, app, score]);
    const refusal = (app: string, score: number) =>
      errorOf(db, me, 'insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, $2, $3)', [me, app, score]);
    /** Ten minutes and a second pass for this student's sent scores (and their rows). */
    const later = (interval = '10 minutes 1 second') =>
      db.query(`update app_private.score_submissions_log set sent_at = sent_at - $2::interval where user_id = $1`, [me, interval]);
    const maxOf = async (app: string) =>
      Number((await db.query<{ max_score: string }>('select max_score from app_private.score_rules where app_id = $1', [app])).rows[0]?.max_score);

    it('bounds every bundled game, and refuses a score above the bound through the table, the RPC and the outbox', async () => {
      const unbounded = await db.query(`select a.id from public.apps a left join app_private.score_rules r on r.app_id = a.id where a.bundled and r.app_id is null`);
      expect(unbounded.rows).toEqual([]);
      const max = await maxOf('2048');
      expect(max).toBeLessThan(1_000_000_000);
      const words = `No game of 2048 can score 1,000,000,000: the most one game can reach is ${max.toLocaleString('en-US')}.`;
      expect(await refusal('2048', 1_000_000_000)).toEqual({ code: 'P0001', message: words });
      expect(await errorOf(db, me, 'select public.submit_score($1, $2, $3)', ['2048', 1_000_000_000, crypto.randomUUID()])).toEqual({ code: 'P0001', message: words });
      const [batch] = await as<{ r: { ok: boolean; code: string; message: string }[] }>(db, me, 'select public.apply_mutations($1::jsonb) as r', [
        JSON.stringify([{ id: crypto.randomUUID(), kind: 'submit_score', args: { p_app_id: '2048', p_score: 1_000_000_000 } }]),
      ]);
      expect(batch?.r).toMatchObject([{ ok: false, code: 'P0001', message: words }]);
      expect(await as(db, me, 'select id from public.leaderboard_submissions')).toEqual([]);
      // The bound itself is a score a game can reach.
      expect(await insert('2048', max)).toHaveLength(1);
    });

    it('keeps the table-wide range for a game an operator has given no rule', async () => {
      await db.exec(`insert into public.apps (id, title, slug, url) values ('outside_game', 'Outside Game', 'outside-game', 'https://example.org/game/')`);
      expect(await insert('outside_game', 1_000_000_000)).toHaveLength(1);
      await db.exec(`insert into app_private.score_rules (app_id, max_score) values ('outside_game', 500)`);
      expect((await refusal('outside_game', 501)).message).toBe('No game of Outside Game can score 501: the most one game can reach is 500.');
    });

    it('takes 5 scores of one game in 10 minutes, each game apart, then more once the time has passed', async () => {
      for (let i = 0; i < 5; i += 1) await insert('snake', 10 + i);
      expect(await refusal('snake', 20)).toEqual({
        code: 'P0001',
        message: 'You sent 5 scores for Snake in the last 10 minutes. Wait a few minutes before sending another.',
      });
      expect(await insert('2048', 20)).toHaveLength(1);
      await later();
      expect(await insert('snake', 20)).toHaveLength(1);
    });

    it('keeps at most 10 scores per student and game, saying which is the lowest to withdraw', async () => {
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < 5; i += 1) await insert('2048', 100 + round * 10 + i);
        await later();
      }
      expect(await refusal('2048', 500)).toEqual({
        code: 'P0001',
        message: 'You already have 10 scores for 2048 on the board. Withdraw one (your lowest is 100) to send another.',
      });
      const [lowest] = await as<{ id: string }>(db, me, 'select id from public.leaderboard_submissions where score = 100');
      await as(db, me, 'select public.delete_score_submission($1)', [lowest?.id]);
      expect(await insert('2048', 500)).toHaveLength(1);
    });

    it('counts withdrawn scores against the day: 20 sent, the 21st waits for tomorrow', async () => {
      for (let round = 0; round < 4; round += 1) {
        for (let i = 0; i < 5; i += 1) {
          const [row] = await insert('snake', 10);
          await as(db, me, 'select public.delete_score_submission($1)', [row?.id]);
        }
        await later();
      }
      expect(await refusal('snake', 10)).toEqual({ code: 'P0001', message: 'You sent 20 scores for Snake today. Send your next one tomorrow.' });
      await later('1 day');
      expect(await insert('snake', 10)).toHaveLength(1);
      // A day later the log holds only what counts.
      const kept = await db.query<{ n: number }>('select count(*)::int as n from app_private.score_submissions_log where user_id = $1', [me]);
      expect(kept.rows[0]?.n).toBe(1);
    });

    it('takes one proof per submission, and lists the student\'s own scores with their proofs', async () => {
      const [low] = await insert('snake', 30);
      const [high] = await insert('snake', 90);
      const upload = (name: string) => as(db, me, `insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, $2) returning name`, [name, me]);
      expect(await upload(`${high?.id}_proof.png`)).toHaveLength(1);
      expect((await errorOf(db, me, `insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, $2)`, [`${high?.id}_again.png`, me])).code).toBe('42501');
      const other = await createPlayer(db, 'fair_other');
      await as(db, other, `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 50)`, [other]);
      const own = await as<{ id: string; score: string; proof: string | null }>(db, me, 'select id, score, proof from public.get_own_scores($1)', ['snake']);
      expect(own.map((row) => [Number(row.score), row.proof])).toEqual([
        [90, `${high?.id}_proof.png`],
        [30, null],
      ]);
      expect(own.map((row) => row.id)).toEqual([high?.id, low?.id]);
      expect((await errorOf(db, null, 'select * from public.get_own_scores($1)', ['snake'])).code).toBe('42501');
    });

    it('holds a student to 20 MiB of proofs: the upload past it and then the next score are refused, and a withdrawal frees room', async () => {
      const MiB = 1024 * 1024;
      const upload = (id: string | undefined, size: number) =>
        as(db, me, `insert into storage.objects (bucket_id, name, owner, metadata) values ('submissions', $1, $2, $3::jsonb) returning name`, [
          `${id}_proof.png`,
          me,
          JSON.stringify({ size, mimetype: 'image/png' }),
        ]);
      // Nine proofs of 2 MiB, spread over games so the other limits stay out of the way.
      const games = ['snake', '2048', 'breakout', 'flappy', 'memory', 'minesweeper', 'sudoku', 'chess', 'tic-tac-toe'];
      for (const game of games) expect(await upload((await insert(game, 1))[0]?.id, 2 * MiB)).toHaveLength(1);
      const [tenth] = await insert('snake', 2);
      // 18 MiB stored: 2 MiB more fits exactly, one byte more does not.
      expect((await errorOf(db, me, `insert into storage.objects (bucket_id, name, owner, metadata) values ('submissions', $1, $2, $3::jsonb)`, [
        `${tenth?.id}_proof.png`, me, JSON.stringify({ size: 2 * MiB + 1 }),
      ])).code).toBe('42501');
      expect(await upload(tenth?.id, 2 * MiB)).toHaveLength(1);
      expect(await refusal('2048', 5)).toEqual({
        code: 'P0001',
        message: "Your score screenshots take up 20 MiB, the most one student keeps. Withdraw an old score on its game's page to send a new one.",
      });
      // Another student is not held to this one's quota, and withdrawing a proof frees its room.
      const other = await createPlayer(db, 'fair_quota_other');
      expect(await as(db, other, `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 5) returning id`, [other])).toHaveLength(1);
      // As the Storage API removes an object (the only way hosted Supabase allows).
      await db.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      await db.query(`delete from storage.objects where bucket_id = 'submissions' and name = $1`, [`${tenth?.id}_proof.png`]);
      expect(await insert('2048', 5)).toHaveLength(1);
    });
  });
}
