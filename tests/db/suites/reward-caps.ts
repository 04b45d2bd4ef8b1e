// The cap on the one reward that had none (issue #10): a play earns its coin at most 300 times in any
// 24 hours, so scripting record_app_played cannot mint coins without end, while the play itself is
// still recorded.
import { beforeEach, describe, expect, it } from 'vitest';
import { balance, createPlayer } from '../harness/fixtures.ts';
import { as } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface Play {
  app_id: string;
  apps_played: number;
  coins: number;
}

export function capSuite(ctx: DbContext): void {
  describe('rewards for plays', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'player_cap');
    });

    const play = async (app: string): Promise<Play> =>
      (await as<{ r: Play }>(db, me, 'select public.record_app_played($1, $2) as r', [app, crypto.randomUUID()]))[0]?.r as Play;
    /** Play rewards already booked, `ago` before now. */
    const earlier = (count: number, ago: string, why = 'app played') =>
      db.query(
        `insert into public.coins_transactions (user_id, amt, why, created_at)
         select $1, 1, $2, now() - $3::interval from generate_series(1, $4)`,
        [me, why, ago, count],
      );
    const playRewards = async () =>
      Number((await db.query<{ n: number }>(`select count(*)::int as n from public.coins_transactions where user_id = $1 and why like 'app played%'`, [me])).rows[0]?.n);

    it('pays the 300th play of the day and not the 301st, which is still recorded', async () => {
      await earlier(299, '23 hours 59 minutes');
      expect(await play('snake')).toEqual({ app_id: 'snake', apps_played: 1, coins: 1 });
      expect(await play('2048')).toEqual({ app_id: '2048', apps_played: 2, coins: 0 });
      expect(await playRewards()).toBe(300);
      expect(await balance(db, me)).toBe(300);
      const { rows } = await db.query<{ app_id: string }>('select app_id from public.apps_played where user_id = $1 order by app_id', [me]);
      expect(rows.map((r) => r.app_id)).toEqual(['2048', 'snake']);
    });

    it('counts streak-bonus plays too, and pays again once the oldest play is more than a day old', async () => {
      await earlier(150, '10 minutes', 'app played (streak bonus x2)');
      await earlier(150, '24 hours 1 minute');
      await earlier(149, '12 hours');
      expect((await play('snake')).coins).toBe(1);
      expect((await play('snake')).coins).toBe(0);
    });

    // A long offline session drains as apply_mutations batches, where an unchanged profile count or
    // same-transaction stamp is not rewritten.
    describe('through apply_mutations', () => {
      type Outcome = { id: string; ok: boolean; code?: string; message?: string; result?: Play };
      const drain = async (ops: { id: string; kind: string; args: Record<string, unknown> }[]) =>
        (await as<{ r: Outcome[] }>(db, me, 'select public.apply_mutations($1::jsonb) as r', [JSON.stringify(ops)]))[0]!.r;
      const plays = (apps: string[]) => apps.map((app) => ({ id: crypto.randomUUID(), kind: 'record_app_played', args: { p_app_id: app } }));
      const profileCount = async () =>
        Number((await db.query<{ n: number }>('select apps_played as n from public.my_users where user_id = $1', [me])).rows[0]?.n);

      it('pays up to the cap within one batch, counts apps, and answers a replayed batch with the first results', async () => {
        await earlier(298, '1 hour');
        const ops = [...plays(['snake', 'snake', '2048']), { id: crypto.randomUUID(), kind: 'record_app_played', args: { p_app_id: 'no-such-app' } }, ...plays(['snake'])];
        const first = await drain(ops);
        expect(first.map((r) => [r.ok, r.result?.coins ?? null, r.result?.apps_played ?? null, r.code ?? null])).toEqual([
          [true, 1, 1, null],
          [true, 1, 1, null],
          [true, 0, 2, null],
          [false, null, null, '22023'],
          [true, 0, 2, null],
        ]);
        expect(first[3]?.message).toBe('Unknown app: no-such-app');
        expect(await profileCount()).toBe(2);
        expect(await playRewards()).toBe(300);

        const again = await drain(ops);
        expect(again.filter((r) => r.ok)).toEqual(first.filter((r) => r.ok));
        expect(again[3]).toMatchObject({ ok: false, code: '22023' });
        expect(await playRewards()).toBe(300);
        expect(await balance(db, me)).toBe(300);
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.client_mutations where user_id = $1', [me]);
        expect(rows[0]?.n).toBe(4);
      });

      it('doubles a play after a streak claim in the same batch, and stamps a replayed app with that batch', async () => {
        await drain(plays(['snake']));
        await db.query(`update public.apps_played set updated_at = now() - interval '1 day' where user_id = $1`, [me]);
        const out = await drain([{ id: crypto.randomUUID(), kind: 'claim_streak', args: {} }, ...plays(['snake', 'snake'])]);
        expect(out.map((r) => r.ok)).toEqual([true, true, true]);
        expect(out.slice(1).map((r) => r.result?.coins)).toEqual([2, 2]);
        const { rows } = await db.query<{ fresh: boolean }>(
          `select updated_at > now() - interval '1 hour' as fresh from public.apps_played where user_id = $1`, [me]);
        expect(rows).toEqual([{ fresh: true }]);
      });

      it('still corrects a profile count that drifted, on a play of an app already counted', async () => {
        await drain(plays(['snake', '2048']));
        await db.query('update public.my_users set apps_played = 7 where user_id = $1', [me]);
        expect((await drain(plays(['snake'])))[0]?.result?.apps_played).toBe(2);
        expect(await profileCount()).toBe(2);
      });

    });
  });
}
