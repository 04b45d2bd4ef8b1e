// The cap on the one reward that had none (issue #10): a play earns its coin at most 300 times in any
// 24 hours, so scripting record_app_played cannot mint coins without end, while the play itself is
// still recorded.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, balance, createPlayer, PG15_BIN, pg15Engine, pg15Installed, pgliteEngine, type Engine, type TestDb } from './harness.ts';

interface Play {
  app_id: string;
  apps_played: number;
  coins: number;
}

function capSuite(name: string, makeEngine: () => Promise<Engine>): void {
  describe(`rewards for plays on ${name}`, () => {
    let engine: Engine;
    let db: TestDb;
    let me: string;

    beforeAll(async () => {
      engine = await makeEngine();
    });
    afterAll(async () => {
      await engine?.close();
    });
    beforeEach(async () => {
      db = await engine.fresh();
      me = await createPlayer(db, 'player_cap');
    });
    afterEach(async () => {
      await db?.close();
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
  });
}

capSuite('PGlite', pgliteEngine);

describe.runIf(pg15Installed)(pg15Installed ? 'PostgreSQL 15' : `PostgreSQL 15 not installed (no ${PG15_BIN}/initdb)`, () => {
  capSuite('PostgreSQL 15', pg15Engine);
});
