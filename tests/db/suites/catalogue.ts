// Retired catalogue entries (issue 18): an operator retires an entry instead of deleting it, so the
// catalogue's list leaves it out while every score and play of it stays; a bundled game is never
// retired; students and visitors cannot retire or restore anything.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function catalogueSuite(ctx: DbContext): void {
  describe('retired catalogue entries', () => {
    const { db } = ctx;
    let student: string;

    beforeEach(async () => {
      student = await createPlayer(db, 'cat_student');
      await db.exec(`insert into public.apps (id, title, slug, category, url) values ('space-run', 'Space Run', 'space-run', 'arcade', 'https://games.school.edu/space-run/')`);
    });

    /** A statement as the service role, as the catalogue command's requests run. */
    const asServiceRole = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      tx(db, async (t) => {
        await t.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
        await t.exec('set local role service_role');
        return (await t.query<T>(text, params)).rows;
      });
    const listed = async (actor: string | null) => (await as<{ id: string }>(db, actor, 'select id from public.get_apps_ordered_by_title()')).map((row) => row.id);
    const retire = (id: string) => asServiceRole<{ id: string }>('update public.apps set retired_at = now() where id = $1 returning id', [id]);

    it('leaves a retired entry out of the list for everyone, and a restored one comes back as it was', async () => {
      expect(await listed(null)).toContain('space-run');
      expect(await retire('space-run')).toEqual([{ id: 'space-run' }]);
      expect(await listed(null)).not.toContain('space-run');
      expect(await listed(student)).not.toContain('space-run');
      expect((await asServiceRole<{ id: string }>('select id from public.get_apps_ordered_by_title()')).map((row) => row.id)).not.toContain('space-run');
      // The page of a retired game reads it from the table to say it is retired.
      expect(await as(db, null, 'select id, title, retired_at is not null as retired from public.apps where retired_at is not null')).toEqual([
        { id: 'space-run', title: 'Space Run', retired: true },
      ]);
      await asServiceRole(`update public.apps set retired_at = null where id = 'space-run'`);
      expect(await listed(null)).toContain('space-run');
      expect(await as(db, null, `select title, slug, category, url from public.get_apps_ordered_by_title() where id = 'space-run'`)).toEqual([
        { title: 'Space Run', slug: 'space-run', category: 'arcade', url: 'https://games.school.edu/space-run/' },
      ]);
    });

    it("keeps a retired game's scores, plays and its place in a profile's recent plays", async () => {
      const [row] = await as<{ id: string }>(db, student, 'insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, $2, $3) returning id', [student, 'space-run', 420]);
      // A score shows on the board once its proof is stored.
      await db.query(`insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, $2)`, [`${row?.id}_proof.png`, student]);
      await as(db, student, 'select public.record_app_played($1, $2)', ['space-run', crypto.randomUUID()]);
      const board = () => as(db, null, `select score::int from public.get_app_high_scores('space-run')`);
      expect(await board()).toEqual([{ score: 420 }]);
      await retire('space-run');
      expect(await board()).toEqual([{ score: 420 }]);
      expect((await db.query(`select score::int from public.leaderboard_submissions where app_id = 'space-run'`)).rows).toEqual([{ score: 420 }]);
      expect(await as(db, student, `select app_id from public.apps_played where app_id = 'space-run'`)).toEqual([{ app_id: 'space-run' }]);
      expect(await as(db, null, `select app_id, title from public.get_recent_plays('cat_student')`)).toEqual([{ app_id: 'space-run', title: 'Space Run' }]);
      expect(await as(db, student, 'select apps_played from public.my_users where user_id = $1', [student])).toEqual([{ apps_played: 1 }]);
    });

    it('never retires a bundled game, whoever asks', async () => {
      const codeOf = async (run: () => Promise<unknown>) => {
        try {
          await run();
        } catch (error) {
          return (error as { code?: string }).code;
        }
        return 'no error';
      };
      expect(await codeOf(() => retire('snake'))).toBe('23514');
      // The SQL editor's postgres too.
      expect(await codeOf(() => tx(db, (t) => t.query(`update public.apps set retired_at = now() where id = 'snake'`)))).toBe('23514');
      expect(await listed(null)).toContain('snake');
    });

    it('lets no student or visitor retire, restore or write an entry', async () => {
      await retire('space-run');
      for (const actor of [student, null]) {
        expect((await errorOf(db, actor, `update public.apps set retired_at = null where id = 'space-run'`)).code).toBe('42501');
        expect((await errorOf(db, actor, `update public.apps set retired_at = now() where id = '2048'`)).code).toBe('42501');
        expect((await errorOf(db, actor, `insert into public.apps (id, title, slug, url, retired_at) values ('x', 'X', 'x', 'https://x.school.edu/', now())`)).code).toBe('42501');
      }
      expect(await listed(null)).not.toContain('space-run');
    });
  });
}
