// The anonymous coins board (get_coins_gained) counts from app_private.coins_gained_daily, the coins
// gained per student and UTC day that a trigger keeps beside the ledger (issue 26: summing a school
// year's ledger on every read was too slow). The board must still say exactly what the ledger says,
// however a ledger row is written, corrected or removed, and from a season that starts mid-day.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface Gained {
  user_id: string;
  amount: number;
}

export function coinsBoardSuite(ctx: DbContext): void {
  describe('coins board from daily totals', () => {
    const { db } = ctx;
    let ann: string;
    let ben: string;

    beforeEach(async () => {
      ann = await createPlayer(db, 'board_ann');
      ben = await createPlayer(db, 'board_ben');
    });

    const book = async (user: string, amt: number, at: string): Promise<number> =>
      Number(
        (await db.query<{ id: string }>('insert into public.coins_transactions (user_id, amt, why, created_at) values ($1, $2, $3, $4) returning id::text as id', [
          user,
          amt,
          'test grant',
          at,
        ])).rows[0]!.id,
      );
    const board = async (start: string): Promise<Gained[]> =>
      (await as<Gained>(db, null, 'select user_id::text as user_id, amount::int as amount from public.get_coins_gained($1)', [start])).filter(
        (row) => row.user_id === ann || row.user_id === ben,
      );
    /** The same board summed from the ledger itself, from the same period start. */
    const fromLedger = async (start: string): Promise<Gained[]> =>
      (
        await db.query<Gained>(
          `select c.user_id::text as user_id, sum(c.amt)::int as amount from public.coins_transactions c
           where c.amt > 0 and c.created_at >= app_private.whole_period_start($1) and c.user_id = any($2::uuid[])
           group by c.user_id order by 2 desc, 1`,
          [start, [ann, ben]],
        )
      ).rows;
    const daily = async (user: string) =>
      (
        await db.query<{ day: string; amount: number }>(
          `select to_char(day, 'YYYY-MM-DD') as day, amount::int as amount from app_private.coins_gained_daily where user_id = $1 and amount <> 0 order by day`,
          [user],
        )
      ).rows;

    it('keeps each day’s gains per student as the ledger is written, leaving spending out', async () => {
      await book(ann, 10, '2026-03-02T10:00:00Z');
      await book(ann, 5, '2026-03-03T23:59:59Z');
      await book(ann, -3, '2026-03-03T12:00:00Z');
      await book(ann, 4, '2026-03-03T00:00:00Z');
      expect(await daily(ann)).toEqual([
        { day: '2026-03-02', amount: 10 },
        { day: '2026-03-03', amount: 9 },
      ]);
    });

    it('answers what the ledger says for a week, for a season starting mid-day, and after corrections', async () => {
      const week = '2026-03-02T00:00:00Z';
      const season = '2026-03-03T12:00:00Z';
      await db.query(`insert into public.battlepass_seasons (season, name, starts_at, ends_at) values (90, 'Test season', $1, $2)`, [
        season,
        '2026-04-15T00:00:00Z',
      ]);
      const first = await book(ann, 10, '2026-03-02T10:00:00Z');
      await book(ann, 5, '2026-03-03T23:59:59Z');
      await book(ann, 2, '2026-03-03T11:59:59Z');
      await book(ben, 7, '2026-03-01T23:00:00Z');
      const later = await book(ben, 8, '2026-03-04T00:00:00Z');
      await book(ben, -8, '2026-03-05T00:00:00Z');

      expect(await board(week)).toEqual([
        { user_id: ann, amount: 17 },
        { user_id: ben, amount: 8 },
      ]);
      expect(await board(season)).toEqual([
        { user_id: ben, amount: 8 },
        { user_id: ann, amount: 5 },
      ]);
      for (const start of [week, season]) expect(await board(start)).toEqual(await fromLedger(start));

      // An operator corrects one row and removes another: the board follows.
      await db.query('update public.coins_transactions set amt = 30, created_at = $2 where id = $1', [first, '2026-03-04T09:00:00Z']);
      await db.query('delete from public.coins_transactions where id = $1', [later]);
      expect(await board(week)).toEqual([{ user_id: ann, amount: 37 }]);
      expect(await board(season)).toEqual([{ user_id: ann, amount: 35 }]);
      for (const start of [week, season]) expect(await board(start)).toEqual(await fromLedger(start));
      expect(await daily(ben)).toEqual([{ day: '2026-03-01', amount: 7 }]);
    });
  });
}
