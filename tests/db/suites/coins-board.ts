// The anonymous coins board (get_coins_gained) counts from app_private.coins_gained_daily, the coins
// gained per student and UTC day that a trigger keeps beside the ledger (issue 26: summing a school
// year's ledger on every read was too slow), and this week's board from the weekly totals kept the
// same way (app_private.coins_gained_weekly). The board must still say exactly what the ledger says,
// however a ledger row is written, corrected or removed, from a season that starts mid-day, at the
// edges of a week, and with ties at fifth place.
import { beforeEach, describe, expect, it } from 'vitest';
import { weekStartUtc } from '../../../src/domain/weekStart.ts';
import { createPlayer, createUser } from '../harness/fixtures.ts';
import { as } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface Gained {
  user_id: string;
  amount: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** This week's Monday 00:00 UTC as the client sends it, and instants `ms` from it. */
function thisWeek(): { monday: string; at: (ms: number) => string } {
  const monday = weekStartUtc(new Date()).getTime();
  const at = (ms: number) => new Date(monday + ms).toISOString();
  return { monday: at(0), at };
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
    /** The whole board as anyone reads it: every row, names included. */
    const names = async (start: string) =>
      (await as<{ username: string; amount: number }>(db, null, 'select username, amount::int as amount from public.get_coins_gained($1)', [start]));
    /** The same board from the ledger itself: the top 5 by amount, then by username. */
    const namesFromLedger = async (start: string) =>
      (
        await db.query<{ username: string; amount: number }>(
          `select m.username, sum(c.amt)::int as amount from public.coins_transactions c join public.my_users m on m.user_id = c.user_id
           where c.amt > 0 and c.created_at >= app_private.whole_period_start($1)
           group by m.username having sum(c.amt) > 0 order by 2 desc, 1 limit 5`,
          [start],
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

    it('reads this week from its Monday 00:00 UTC: a gain a microsecond before it is last week’s', async () => {
      const { monday, at } = thisWeek();
      const justBefore = at(-1).replace('Z', '999Z');
      await book(ann, 10, monday);
      await book(ann, 3, at(7 * DAY_MS - 1));
      await book(ben, 50, justBefore);
      await book(ben, 4, at(DAY_MS));
      expect(await board(monday)).toEqual([
        { user_id: ann, amount: 13 },
        { user_id: ben, amount: 4 },
      ]);
      // Any instant of the week is taken back to its Monday.
      expect(await board(at(3 * DAY_MS + 12 * HOUR_MS))).toEqual(await board(monday));
      // Last week's board runs to now, so it holds this week too.
      const lastMonday = at(-7 * DAY_MS);
      expect(await board(lastMonday)).toEqual([
        { user_id: ben, amount: 54 },
        { user_id: ann, amount: 13 },
      ]);
      for (const start of [monday, lastMonday]) expect(await board(start)).toEqual(await fromLedger(start));
    });

    it('breaks ties at fifth place by username, and gives no place to a student without a profile', async () => {
      const { monday, at } = thisWeek();
      const tied = ['tie_e', 'tie_a', 'tie_f', 'tie_c', 'tie_b', 'tie_d'];
      for (const [i, name] of tied.entries()) await book(await createPlayer(db, name), 20, at((i + 1) * HOUR_MS));
      await book(await createPlayer(db, 'top_z'), 30, at(HOUR_MS));
      await book(await createUser(db), 100, at(HOUR_MS));
      expect(await names(monday)).toEqual([
        { username: 'top_z', amount: 30 },
        { username: 'tie_a', amount: 20 },
        { username: 'tie_b', amount: 20 },
        { username: 'tie_c', amount: 20 },
        { username: 'tie_d', amount: 20 },
      ]);
      expect(await names(monday)).toEqual(await namesFromLedger(monday));
      await book(ann, 25, at(2 * DAY_MS));
      expect((await names(monday)).map((row) => row.username)).toEqual(['top_z', 'board_ann', 'tie_a', 'tie_b', 'tie_c']);
      // The operator turns that gain into a charge: the student leaves the board, and a tie comes back.
      await db.query(`update public.coins_transactions set amt = -25 where user_id = $1`, [ann]);
      expect(await names(monday)).toEqual(await namesFromLedger(monday));
      expect((await names(monday)).map((row) => row.username)).not.toContain('board_ann');
    });

    it('still answers what the ledger says when gains are dated after this week, or a season starts on a Monday or mid-week', async () => {
      const { monday, at } = thisWeek();
      const midWeek = at(2 * DAY_MS + 12 * HOUR_MS);
      await db.query(
        `insert into public.battlepass_seasons (season, name, starts_at, ends_at) values (91, 'From Monday', $1, $3), (92, 'From Wednesday noon', $2, $3)`,
        [monday, midWeek, at(42 * DAY_MS)],
      );
      await book(ann, 10, monday);
      await book(ann, 6, at(2 * DAY_MS + 11 * HOUR_MS));
      await book(ben, 7, at(2 * DAY_MS + 13 * HOUR_MS));
      for (const start of [monday, midWeek]) expect(await board(start)).toEqual(await fromLedger(start));
      expect(await board(midWeek)).toEqual([{ user_id: ben, amount: 7 }]);
      // An operator dates a gain into next week: this week's board runs on to it.
      await book(ben, 20, at(7 * DAY_MS + HOUR_MS));
      expect(await board(monday)).toEqual([
        { user_id: ben, amount: 27 },
        { user_id: ann, amount: 16 },
      ]);
      for (const start of [monday, midWeek]) expect(await board(start)).toEqual(await fromLedger(start));
    });

    it('moves a corrected or removed gain out of its week', async () => {
      const { monday, at } = thisWeek();
      const moved = await book(ann, 10, at(HOUR_MS));
      const removed = await book(ben, 8, at(HOUR_MS));
      await book(ben, 3, at(DAY_MS));
      await db.query('update public.coins_transactions set created_at = $2 where id = $1', [moved, at(-DAY_MS)]);
      await db.query('delete from public.coins_transactions where id = $1', [removed]);
      expect(await board(monday)).toEqual([{ user_id: ben, amount: 3 }]);
      expect(await board(monday)).toEqual(await fromLedger(monday));
    });
  });
}
