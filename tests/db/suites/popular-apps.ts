// "Popular this week" (issue 19): get_popular_apps ranks the listed apps by how many students played
// them in the last 7 days, for anyone, and tells app ids and counts only, never who played.
import { beforeEach, describe, expect, it } from 'vitest';
import { ageAccount, createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function popularAppsSuite(ctx: DbContext): void {
  describe('popular apps this week', () => {
    const { db } = ctx;
    let students: string[];

    beforeEach(async () => {
      students = [];
      for (let i = 0; i < 4; i += 1) students.push(await createPlayer(db, `popular_${i}`));
      // Plays with no device known count by account once it is a day old (issue 26).
      for (const student of students) await ageAccount(db, student);
    });

    /** A play of `app` by student `n`, stamped `ago` before now (as record_app_played leaves it). */
    const played = (n: number, app: string, ago = '1 hour') =>
      db.query(
        `insert into public.apps_played (user_id, app_id, updated_at) values ($1, $2, now() - $3::interval)
         on conflict (user_id, app_id) do update set updated_at = excluded.updated_at`,
        [students[n], app, ago],
      );
    const popular = (actor: string | null, limit = 10) =>
      as<{ app_id: string; players: number }>(db, actor, 'select app_id, players::int as players from public.get_popular_apps($1)', [limit]);

    it('counts distinct students per app over the last 7 days, most played first, ties by id', async () => {
      await played(0, 'snake');
      await played(1, 'snake');
      await played(2, 'snake', '6 days 23 hours');
      await played(0, '2048');
      await played(1, '2048');
      await played(3, 'chess');
      // A week and a minute ago is last week.
      await played(3, 'sudoku', '7 days 1 minute');
      const expected = [
        { app_id: 'snake', players: 3 },
        { app_id: '2048', players: 2 },
        { app_id: 'chess', players: 1 },
      ];
      expect(await popular(null)).toEqual(expected);
      expect(await popular(students[0]!)).toEqual(expected);
      expect(await popular(null, 2)).toEqual(expected.slice(0, 2));
      // One student playing again counts once: the row is re-stamped, not added.
      await as(db, students[3]!, 'select public.record_app_played($1, $2)', ['chess', crypto.randomUUID()]);
      await as(db, students[3]!, 'select public.record_app_played($1, $2)', ['chess', crypto.randomUUID()]);
      expect((await popular(null)).find((row) => row.app_id === 'chess')).toEqual({ app_id: 'chess', players: 1 });
    });

    it('answers nothing when nobody played this week, and leaves retired apps out', async () => {
      expect(await popular(null)).toEqual([]);
      await db.exec(`insert into public.apps (id, title, slug, category, url) values ('old-run', 'Old Run', 'old-run', 'arcade', 'https://games.school.edu/old-run/')`);
      await played(0, 'old-run');
      await played(1, 'old-run');
      await played(2, 'snake');
      expect((await popular(null)).map((row) => row.app_id)).toEqual(['old-run', 'snake']);
      await db.exec(`update public.apps set retired_at = now() where id = 'old-run'`);
      expect(await popular(null)).toEqual([{ app_id: 'snake', players: 1 }]);
    });

    it('drops a removed student’s plays and a removed play, and counts a play from last week again once it is stamped anew', async () => {
      await played(0, 'snake');
      await played(1, 'snake');
      await played(2, 'chess');
      expect(await popular(null)).toEqual([
        { app_id: 'snake', players: 2 },
        { app_id: 'chess', players: 1 },
      ]);
      await db.query('delete from auth.users where id = $1', [students[0]]);
      expect(await popular(null)).toEqual([
        { app_id: 'chess', players: 1 },
        { app_id: 'snake', players: 1 },
      ]);
      await db.query('delete from public.apps_played where user_id = $1 and app_id = $2', [students[2], 'chess']);
      expect(await popular(null)).toEqual([{ app_id: 'snake', players: 1 }]);
      await played(3, 'sudoku', '8 days');
      expect((await popular(null)).map((row) => row.app_id)).toEqual(['snake']);
      await played(3, 'sudoku', '1 minute');
      expect(await popular(null)).toEqual([
        { app_id: 'snake', players: 1 },
        { app_id: 'sudoku', players: 1 },
      ]);
    });

    it('counts a retired game’s week again when it comes back, and forgets a removed game', async () => {
      await db.exec(`insert into public.apps (id, title, slug, category, url) values ('old-run', 'Old Run', 'old-run', 'arcade', 'https://games.school.edu/old-run/')`);
      await played(0, 'old-run');
      await played(1, 'old-run');
      await played(2, 'snake');
      await db.exec(`update public.apps set retired_at = now() where id = 'old-run'`);
      expect(await popular(null)).toEqual([{ app_id: 'snake', players: 1 }]);
      await db.exec(`update public.apps set retired_at = null where id = 'old-run'`);
      expect(await popular(null)).toEqual([
        { app_id: 'old-run', players: 2 },
        { app_id: 'snake', players: 1 },
      ]);
      await db.exec(`delete from public.apps where id = 'old-run'`);
      expect(await popular(null)).toEqual([{ app_id: 'snake', players: 1 }]);
    });

    it('tells app ids and counts only, whoever asks', async () => {
      await played(0, 'snake');
      const { rows } = await db.query<{ name: string }>(
        `select a.name from pg_proc p, unnest(p.proargnames) with ordinality a(name, n)
          where p.proname = 'get_popular_apps' and p.proargmodes[a.n] = 't' order by a.n`,
      );
      expect(rows.map((row) => row.name)).toEqual(['app_id', 'players']);
      const answer = JSON.stringify(await as(db, null, 'select * from public.get_popular_apps(10)'));
      expect(answer).not.toContain(students[0]!);
      expect(answer).not.toContain('popular_0');
    });

    it('refuses a limit outside 1 to 50 with a clear message', async () => {
      for (const limit of [0, -1, 51, null]) {
        expect(await errorOf(db, null, 'select * from public.get_popular_apps($1)', [limit])).toEqual({
          code: '22023',
          message: 'p_limit must be between 1 and 50.',
        });
      }
      await played(0, 'snake');
      expect(await popular(null, 1)).toEqual([{ app_id: 'snake', players: 1 }]);
      expect(await popular(null, 50)).toEqual([{ app_id: 'snake', players: 1 }]);
    });

    it('may be called by anon and students, and is not a write', async () => {
      const { rows } = await db.query<{ anon: boolean; authenticated: boolean; volatile: string; definer: boolean }>(
        `select has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
                p.provolatile as volatile, p.prosecdef as definer
           from pg_proc p where p.proname = 'get_popular_apps'`,
      );
      expect(rows).toEqual([{ anon: true, authenticated: true, volatile: 's', definer: true }]);
    });
  });
}
