// What a class found over a semester on the score and desk side (issue 26): the desk and the top lists
// find proofs by index however many scores pile up, every score of a paced game is held to its pace,
// moderators do not decide their own cases, junk cannot bury a takedown request, "popular this week"
// counts real play, staff-looking names and stacked marks are refused, and the catalogue, saves and
// plays refuse what no game should hold.
import { beforeEach, describe, expect, it } from 'vitest';
import { ageAccount, createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';
import type { Session } from '../harness/session.ts';

/** Sequential scans and rows fetched so far in this transaction, per table. */
async function scans(db: Session): Promise<Record<string, { seq: number; fetched: number }>> {
  const { rows } = await db.query<{ name: string; seq: string; fetched: string }>(
    `select schemaname || '.' || relname as name, seq_scan::text as seq,
            (coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0))::text as fetched
       from pg_stat_xact_user_tables
      where (schemaname, relname) in (('public', 'leaderboard_submissions'), ('storage', 'objects'))`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, { seq: Number(r.seq), fetched: Number(r.fetched) }]));
}

export function semesterHolesScoresSuite(ctx: DbContext): void {
  describe('semester holes: scores and the desk', () => {
    const { db } = ctx;
    let moderator: string;

    beforeEach(async () => {
      moderator = await createPlayer(db, 'sem_keeper');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
    });

    const upload = (id: string | number, owner: string, bytes = 9) =>
      db.query(`insert into storage.objects (bucket_id, name, owner, metadata) values ('submissions', $1, $2, $3::jsonb)`, [
        `${id}_proof.png`, owner, JSON.stringify({ size: bytes, mimetype: 'image/png' }),
      ]);

    it('keeps the desk and a top list off every scan while 100 accounts pile up 7,000 scores at each game\'s most', async () => {
      const accounts: string[] = [];
      for (let i = 0; i < 100; i += 1) accounts.push(await createPlayer(db, `sem_flood_${i}`));
      // The flood as the guard lets it through (5 a game in 10 minutes, 14 games: 70 each), seeded
      // straight in: what is measured is the reading.
      await db.exec('alter table public.leaderboard_submissions disable trigger leaderboard_submissions_guard');
      await db.query(
        `insert into public.leaderboard_submissions (user_id, app_id, score, created_at)
         select u.id, r.app_id, r.max_score, now() - make_interval(secs => n * 10 + u.i)
         from unnest($1::uuid[]) with ordinality u (id, i)
         cross join app_private.score_rules r
         cross join generate_series(1, 5) n`,
        [accounts],
      );
      await db.exec('alter table public.leaderboard_submissions enable trigger leaderboard_submissions_guard');
      // Half carry a 9-byte proof; each account's one Snake score with a proof is approved.
      await db.query(
        `insert into storage.objects (bucket_id, name, owner, metadata)
         select 'submissions', s.id || '_proof.png', s.user_id, '{"size": 9}'::jsonb
         from public.leaderboard_submissions s where s.id % 2 = 0`,
      );
      await db.query(
        `update public.leaderboard_submissions s set review = 'approved'
         where s.id in (select distinct on (user_id) id from public.leaderboard_submissions
                        where app_id = 'snake' and id % 2 = 0 order by user_id, id)`,
      );
      const counts = await db.query<{ pending: number; proofs: number; approved: number }>(
        `select count(*) filter (where review = 'pending')::int as pending, (select count(*)::int from storage.objects where bucket_id = 'submissions') as proofs,
                count(*) filter (where review = 'approved')::int as approved
         from public.leaderboard_submissions`,
      );
      const { pending, proofs, approved } = counts.rows[0]!;
      expect(pending + approved).toBe(7000);
      expect(proofs).toBe(3500);
      expect(approved).toBeGreaterThan(40);
      await db.exec('analyze public.leaderboard_submissions');

      const before = await scans(db);
      const desk = await as<{ submission_id: string; proof: string }>(db, moderator, 'select submission_id::text, proof from public.get_pending_scores()');
      const board = await as<{ score: string; reviewed: boolean }>(db, null, 'select score, reviewed from public.get_app_high_scores($1)', ['snake']);
      const after = await scans(db);

      expect(desk).toHaveLength(50);
      expect(desk.every((row) => row.proof === `${row.submission_id}_proof.png`)).toBe(true);
      expect(board).toHaveLength(approved);
      expect(board.every((row) => Number(row.score) === 3970 && row.reviewed)).toBe(true);
      // No sequential scan of the scores or the stored objects, and a few hundred rows read of 7,000.
      expect(after['public.leaderboard_submissions']!.seq - (before['public.leaderboard_submissions']?.seq ?? 0)).toBe(0);
      expect((after['storage.objects']?.seq ?? 0) - (before['storage.objects']?.seq ?? 0)).toBe(0);
      expect(after['public.leaderboard_submissions']!.fetched - (before['public.leaderboard_submissions']?.fetched ?? 0)).toBeLessThanOrEqual(300);
      expect((after['storage.objects']?.fetched ?? 0) - (before['storage.objects']?.fetched ?? 0)).toBe(0);
    });

    it('follows each proof as it is stored and removed, and withdraws a score left a day without one', async () => {
      const student = await createPlayer(db, 'sem_student');
      const insert = (score: number) =>
        as<{ id: string }>(db, student, `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, '2048', $2) returning id::text`, [student, score]).then(([r]) => r!.id);
      const proof = async (id: string) =>
        (await db.query<{ proof_name: string | null; proof_bytes: string | null }>('select proof_name, proof_bytes::text from public.leaderboard_submissions where id = $1', [id])).rows[0];
      const kept = await insert(100);
      await upload(kept, student, 4000);
      expect(await proof(kept)).toEqual({ proof_name: `${kept}_proof.png`, proof_bytes: '4000' });
      expect((await as<{ b: string }>(db, student, 'select app_rls.proof_bytes_stored()::text as b'))[0]?.b).toBe('4000');
      const abandoned = await insert(200);
      expect(await proof(abandoned)).toEqual({ proof_name: null, proof_bytes: null });
      await db.exec(`select set_config('storage.allow_delete_query', 'true', true)`);
      await db.query(`delete from storage.objects where name = $1`, [`${kept}_proof.png`]);
      expect(await proof(kept)).toEqual({ proof_name: null, proof_bytes: null });
      await upload(kept, student, 5000);
      // A student cannot write the proof columns: the guard clears them on the way in.
      expect((await errorOf(db, student, `insert into public.leaderboard_submissions (user_id, app_id, score, proof_name) values ($1, '2048', 5, 'x_proof.png')`, [student])).code).toBe('42501');
      // A day later the proofless score is withdrawn as the student sends the next, and the desk never saw it.
      expect((await as(db, moderator, 'select submission_id::text as id from public.get_pending_scores()')).map((r) => r.id)).toEqual([kept]);
      await db.query(`update public.leaderboard_submissions set created_at = now() - interval '1 day' where user_id = $1`, [student]);
      await insert(300);
      const left = await as<{ score: string }>(db, student, 'select score::text from public.leaderboard_submissions order by score');
      expect(left.map((r) => r.score)).toEqual(['100', '300']);
    });

    describe('moderators and their own cases', () => {
      let other: string;
      beforeEach(async () => {
        other = await createPlayer(db, 'sem_other_keeper');
        await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [other, 'the operator']);
      });
      const decide = (actor: string, sql: string, params: unknown[]) =>
        as<{ r: string }>(db, actor, `select ${sql}::text as r`, params).then(([row]) => row!.r);

      it('refuses a moderator deciding on or undoing anything about their own score', async () => {
        const [score] = await as<{ id: string }>(db, moderator, `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, '2048', 5000) returning id::text`, [moderator]);
        await upload(score!.id, moderator);
        const words = { code: 'P0001', message: 'You cannot decide on your own score: another moderator will.' };
        expect(await errorOf(db, moderator, 'select public.review_score($1, true, $2)', [score!.id, 'Looks right to me.'])).toEqual(words);
        const rejection = await decide(other, 'public.review_score($1, false, $2)', [score!.id, 'The screenshot shows another game.']);
        expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [rejection, 'It was fine.'])).toEqual(words);
        expect(await as(db, moderator, 'select review from public.leaderboard_submissions where id = $1', [score!.id])).toEqual([{ review: 'rejected' }]);
        // Another moderator may still undo it.
        expect(await decide(other, 'public.undo_moderation_decision($1, $2)', [rejection, 'Wrong screenshot opened.'])).toBeDefined();
      });

      it('refuses a moderator deciding on a report of their own message, even once they deleted it', async () => {
        const reporter = await createPlayer(db, 'sem_reporter');
        const words = { code: 'P0001', message: 'You cannot decide on a report of your own message: another moderator will.' };
        for (const deleted of [false, true]) {
          const [message] = await as<{ id: string }>(db, moderator, 'insert into public.chat_messages (user_id, body) values ($1, $2) returning id::text', [moderator, deleted ? 'second' : 'first']);
          await as(db, reporter, 'insert into public.chat_reports (message_id, reporter_id, reason) values ($1, $2, $3)', [message!.id, reporter, 'rude']);
          if (deleted) await as(db, moderator, 'delete from public.chat_messages where id = $1', [message!.id]);
          const [report] = await db.query<{ id: string }>('select id::text from public.chat_reports where message_body = $1', [deleted ? 'second' : 'first']).then((r) => r.rows);
          expect(await errorOf(db, moderator, 'select public.moderate_chat_report($1, false, $2)', [report!.id, 'Nothing wrong here.'])).toEqual(words);
          const hide = await decide(other, 'public.moderate_chat_report($1, true, $2)', [report!.id, 'Rude.']);
          expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [hide, 'Not rude.'])).toEqual(words);
        }
      });

      it('refuses a moderator resolving a takedown request they filed', async () => {
        await as(db, moderator, `insert into public.takedown_requests (name, email, url, reason) values ('Mo', 'mo@example.test', 'https://games.example/mine', 'Copied')`);
        const [request] = await db.query<{ id: string }>(`select id::text from public.takedown_requests where email = 'mo@example.test'`).then((r) => r.rows);
        expect(await errorOf(db, moderator, 'select public.resolve_takedown($1, $2)', [request!.id, 'Done.'])).toEqual({
          code: 'P0001', message: 'You cannot decide on a request you filed yourself: another moderator will.',
        });
        expect(await decide(other, 'public.resolve_takedown($1, $2)', [request!.id, 'Taken down.'])).toBeDefined();
      });
    });

    describe('takedown requests', () => {
      const file = (actor: string | null, rows: { email: string; url: string }[], device: string | null = null) =>
        (async () => {
          try {
            await db.transaction(async (t) => {
              await t.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(device === null ? {} : { 'x-device-address': device })]);
              await t.actAs(actor);
              await t.query(
                `insert into public.takedown_requests (name, email, url, reason)
                 select 'Someone', r.email, r.url, 'Please remove' from json_to_recordset($1::json) as r (email text, url text)`,
                [JSON.stringify(rows)],
              );
            });
            return null;
          } catch (error) {
            const { code, message } = error as { code?: string; message: string };
            return { code: code ?? '', message };
          }
        })();
      const junk = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ email: `junk${from + i}@example.test`, url: `https://junk.example/${from + i}` }));
      const desk = () => as<{ email: string }>(db, moderator, 'select email from public.get_open_takedowns()').then((rows) => rows.map((r) => r.email));

      it('takes one request per insert: 300 in one POST are refused whole', async () => {
        expect(await file(null, junk(300))).toEqual({ code: 'P0001', message: 'Send one request at a time.' });
        expect(await desk()).toEqual([]);
        expect(await file(null, junk(1))).toBeNull();
      });

      it('holds a device and an account to 5 an hour, an address to 3 waiting, each page once', async () => {
        for (let i = 0; i < 5; i += 1) expect(await file(null, junk(1, i), '10.0.0.7')).toBeNull();
        expect(await file(null, junk(1, 5), '10.0.0.7')).toEqual({ code: 'P0001', message: 'This device sent 5 requests in the last hour. Wait an hour before sending another.' });
        expect(await file(null, junk(1, 5), '10.0.0.8')).toBeNull();
        const student = await createPlayer(db, 'sem_filer');
        for (let i = 10; i < 15; i += 1) expect(await file(student, junk(1, i))).toBeNull();
        expect(await file(student, junk(1, 15))).toEqual({ code: 'P0001', message: 'You sent 5 requests in the last hour. Wait an hour before sending another.' });
        const same = { email: 'Parent@Example.test', url: 'https://games.example/photo' };
        expect(await file(null, [same])).toBeNull();
        expect(await file(null, [{ ...same, email: 'parent@example.test' }])).toEqual({ code: 'P0001', message: 'That request is already waiting: we will answer it at that address.' });
        expect(await file(null, [{ ...same, url: 'https://games.example/2' }])).toBeNull();
        expect(await file(null, [{ ...same, url: 'https://games.example/3' }])).toBeNull();
        expect(await file(null, [{ ...same, url: 'https://games.example/4' }])).toEqual({ code: 'P0001', message: 'That address has 3 requests waiting already. We answer them first; write again once we have.' });
      });

      it('shows each sender\'s first request before anyone\'s second, so a flood cannot bury a real one', async () => {
        // 300 junk requests from one address, one at a time (what the limits above would let through over days).
        await db.query(
          `insert into public.takedown_requests (name, email, url, reason, created_at)
           select 'Junk', 'junk@example.test', 'https://junk.example/' || n, 'junk', now() - interval '2 days' + make_interval(secs => n)
           from generate_series(1, 300) n`,
        );
        await as(db, null, `insert into public.takedown_requests (name, email, url, reason) values ('Ann', 'ann@example.test', 'https://games.example/a', 'My game, copied')`);
        const page = await desk();
        expect(page).toHaveLength(50);
        expect(page.slice(0, 2)).toEqual(['junk@example.test', 'ann@example.test']);
      });
    });

    describe('the catalogue, saves and plays', () => {
      const addApp = (id: string, url: string, thumbnail: string | null = null) =>
        db.transaction((t) => t.query(`insert into public.apps (id, title, slug, url, thumbnail) values ($1, $1, $1, $2, $3)`, [id, url, thumbnail]))
          .then(() => null, (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }));

      it('holds every catalogue row, the service role\'s too, to web addresses', async () => {
        for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'JAVASCRIPT://x.example/%0aalert(1)', 'https://user:pw@x.example/', 'https:///nohost', 'https://x.example/a b', '/games/evil/index.html', '//x.example/']) {
          expect(await addApp('bad-url', url)).toMatchObject({ code: '23514', message: expect.stringContaining('apps_url_web_address') });
        }
        for (const thumbnail of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//x.example/t.png']) {
          expect(await addApp('bad-thumb', 'https://x.example/', thumbnail)).toMatchObject({ code: '23514', message: expect.stringContaining('apps_thumbnail_address') });
        }
        expect(await addApp('good-one', 'https://games.school.edu/space-run/?level=1#top', '/games/snake/thumb.svg')).toBeNull();
        expect(await addApp('good-two', 'HTTP://games.school.edu:8080/x', 'https://games.school.edu/t.png')).toBeNull();
      });

      it('refuses plays and saves of a retired game in words, and pays no coin', async () => {
        const student = await createPlayer(db, 'sem_saver');
        await db.exec(`insert into public.apps (id, title, slug, url) values ('old-run', 'Old Run', 'old-run', 'https://games.school.edu/old-run/');
                       update public.apps set retired_at = now() where id = 'old-run'`);
        expect(await errorOf(db, student, 'select public.record_app_played($1, $2)', ['old-run', crypto.randomUUID()])).toEqual({
          code: 'P0001', message: 'Old Run has left the portal: its plays are no longer counted.',
        });
        expect(await errorOf(db, student, 'select public.put_game_save($1, $2, $3, $4, now())', ['old-run', '{"best":1}', crypto.randomUUID(), 'Chromebook'])).toEqual({
          code: 'P0001', message: 'Old Run has left the portal: its saves are no longer kept.',
        });
        const [batch] = await as<{ r: { ok: boolean; message: string }[] }>(db, student, 'select public.apply_mutations($1::jsonb) as r', [
          JSON.stringify([{ id: crypto.randomUUID(), kind: 'record_app_played', args: { p_app_id: 'old-run' } }]),
        ]);
        expect(batch?.r).toMatchObject([{ ok: false, message: 'Old Run has left the portal: its plays are no longer counted.' }]);
        expect(await as(db, student, 'select amt from public.coins_transactions')).toEqual([]);
        expect(await as(db, student, 'select app_id from public.apps_played')).toEqual([]);
      });

      it('refuses a save nesting more than 32 deep, and takes 32', async () => {
        const student = await createPlayer(db, 'sem_deep');
        const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
        const save = (state: string) => errorOf(db, student, 'select public.put_game_save($1, $2, $3, $4, now())', ['snake', state, crypto.randomUUID(), 'Chromebook']);
        const words = { code: '22023', message: 'A game save may nest lists and objects at most 32 deep.' };
        expect(await save(nested(16_000))).toEqual(words);
        expect(await save(`{"a":${nested(32)}}`)).toEqual(words);
        // Brackets inside strings are text, not nesting.
        const saved = await as(db, student, 'select public.put_game_save($1, $2, $3, $4, now()) as r', ['snake', `{"s":"${'['.repeat(100)}\\"]","b":${nested(31)}}`, crypto.randomUUID(), 'Chromebook']);
        expect(saved).toHaveLength(1);
      });

      it('writes a proof size of 1,000 MiB or more with its digits', async () => {
        const student = await createPlayer(db, 'sem_big_proof');
        expect(await errorOf(db, student, 'select public.submit_score($1, $2, $3, null, null, false, $4)', ['2048', 100, crypto.randomUUID(), 2_000 * 1024 * 1024])).toEqual({
          code: 'P0001',
          message: 'This screenshot (2,000.0 MiB) does not fit: your score screenshots take up 0.0 MiB of the 20 MiB one student keeps. Withdraw an old score on its game\'s page to make room.',
        });
      });
    });

    describe('staff names and stacked marks', () => {
      let me: string;
      beforeEach(async () => {
        me = await createPlayer(db, 'sem_namer');
        await ageAccount(db, me);
      });
      const rename = (name: string) =>
        as<{ name: string }>(db, me, 'select public.update_profile($1, null, null, $2) ->> $3 as name', [name, crypto.randomUUID(), 'username'])
          .then(([row]) => row?.name, (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }));
      const staff = { code: 'P0001', message: "That username is kept for the portal's staff. Please choose another one." };

      it('refuses a staff word at the start or the end of a name, written any way, on every way in', async () => {
        for (const name of ['Moderator_4d74', 'm0d3rator_7', 'the_4dmin', '123admin456', 'Staff-Jo', 'Mr_Teacher', 'OfficiaI_news', 'support_desk', 'SUPP0RT', 'headteacher']) {
          expect(await rename(name), name).toEqual(staff);
        }
        expect((await errorOf(db, me, 'update public.my_users set username = $1 where user_id = $2', ['Moderator_4d74', me])).message).toBe(staff.message);
        // The names the portal gives new accounts stay theirs, even one that reads as ending in `staff`.
        for (const name of ['badminton_ace', 'admiral_ann', 'modern_art', 'mistaffa', 'root_beer_fan', 'user_0000057aff']) {
          expect(await rename(name), name).toBe(name);
        }
      });

      it('refuses more than 4 combining marks on one letter in chat and the about text, and keeps real accents', async () => {
        const tower = `h${'\u0301'.repeat(480)}i`;
        expect(await errorOf(db, me, 'select public.send_chat_message($1, $2)', [tower, crypto.randomUUID()])).toEqual({
          code: '22023', message: 'Messages can carry at most 4 accent marks on one letter.',
        });
        expect((await errorOf(db, me, 'insert into public.chat_messages (user_id, body) values ($1, $2)', [me, `a${'\u0300\u200d'.repeat(5)}`])).message).toBe(
          'Messages can carry at most 4 accent marks on one letter.',
        );
        expect(await errorOf(db, me, 'select public.update_profile(null, null, $1, $2)', [tower, crypto.randomUUID()])).toEqual({
          code: 'P0001', message: 'The about text can carry at most 4 accent marks on one letter.',
        });
        // Vietnamese (two marks on one letter, decomposed), Thai and four marks pass.
        for (const body of ['Tie\u0302\u0301ng Vie\u0323\u0302t', 'สวัสดี ครับ', `o${'\u0301'.repeat(4)}k`]) {
          const [sent] = await as<{ r: { body: string } }>(db, me, 'select public.send_chat_message($1, $2) as r', [body, crypto.randomUUID()]);
          expect(sent?.r.body).toBe(body);
        }
      });
    });

    describe('popular this week', () => {
      const play = (student: string, app: string, device: string | null) =>
        db.transaction(async (t) => {
          await t.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(device === null ? {} : { 'x-device-address': device })]);
          await t.actAs(student);
          await t.query('select public.record_app_played($1, $2)', [app, crypto.randomUUID()]);
        });
      const popular = () => as<{ app_id: string; players: number }>(db, null, 'select app_id, players::int as players from public.get_popular_apps(10)');

      it('counts one device once, however many accounts played on it, and new accounts only where a device is known', async () => {
        const ring: string[] = [];
        for (let i = 0; i < 9; i += 1) ring.push(await createPlayer(db, `sem_ring_${i}`));
        for (const account of ring) await play(account, 'memory', '10.0.0.66');
        const [ann, ben] = [await createPlayer(db, 'sem_ann'), await createPlayer(db, 'sem_ben')];
        await play(ann, 'chess', '10.0.0.11');
        await play(ben, 'chess', '10.0.0.12');
        expect(await popular()).toEqual([{ app_id: 'chess', players: 2 }, { app_id: 'memory', players: 1 }]);
        // With no device known (hosted), accounts made today do not count; a day-old one does.
        for (const account of ring) await play(account, 'sudoku', null);
        expect((await popular()).map((r) => r.app_id)).not.toContain('sudoku');
        await ageAccount(db, ring[0]!);
        expect((await popular()).find((r) => r.app_id === 'sudoku')).toEqual({ app_id: 'sudoku', players: 1 });
      });
    });

    describe('the pace rule', () => {
      let me: string;
      beforeEach(async () => {
        me = await createPlayer(db, 'sem_pacer');
      });
      const submit = (app: string, score: number, ms: number | null = null, resumed = false) =>
        errorOf(db, me, 'select public.submit_score($1, $2, $3, null, $4, $5)', [app, score, crypto.randomUUID(), ms, resumed]);
      const accepted = (app: string, score: number, ms: number | null = null, resumed = false) =>
        as<{ id: string }>(db, me, 'select public.submit_score($1, $2, $3, null, $4, $5)::text as id', [app, score, crypto.randomUUID(), ms, resumed]);

      it('holds a score sent without its play time to one second of play, through the RPC and the table', async () => {
        const words = 'A score of 3,970 in Snake needs the play time the game reports with it: sent without one (typed by hand), it can be at most 143.';
        expect(await submit('snake', 3970)).toEqual({ code: 'P0001', message: words });
        expect(await errorOf(db, me, `insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 3970)`, [me])).toEqual({ code: 'P0001', message: words });
        expect((await submit('flappy', 7361)).message).toBe('A score of 7,361 in Flappy Hollow needs the play time the game reports with it: sent without one (typed by hand), it can be at most 1.');
        expect(await accepted('snake', 143)).toHaveLength(1);
        // A game with no pace is the moderators' to weigh.
        expect(await accepted('2048', 3932168)).toHaveLength(1);
      });

      it('lets a resumed flag lift the pace only for games that go on from a save', async () => {
        for (const [app, score] of [['flappy', 7361], ['keyboard-sprint', 3500], ['times-table-dash', 8920]] as const) {
          expect((await submit(app, score, 0, true)).message).toMatch(/^A score of [\d,]+ in 0 seconds of .+ is more than the game allows/);
        }
        const [resumed] = await accepted('snake', 3970, 0, true);
        const [stored] = await accepted('flappy', 1, 0, true);
        const rows = await as<{ id: string; resumed: boolean }>(db, me, 'select id::text, resumed from public.leaderboard_submissions order by id');
        expect(rows).toEqual([{ id: resumed!.id, resumed: true }, { id: stored!.id, resumed: false }]);
        const resumable = await db.query<{ app_id: string }>('select app_id from app_private.score_rules where can_resume order by app_id');
        expect(resumable.rows.map((r) => r.app_id)).toEqual(['snake', 'tic-tac-toe']);
      });
    });
  });
}
