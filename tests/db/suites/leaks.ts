// Small leaks closed (issue 20): the anonymous coins board counts whole periods only, so no window of a
// caller's choosing can tell when a classmate gained coins; and reporting a hidden chat message answers
// exactly as reporting one that does not exist.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function leaksSuite(ctx: DbContext): void {
  describe('small leaks', () => {
    const { db } = ctx;
    let ann: string;
    let bob: string;

    beforeEach(async () => {
      ann = await createPlayer(db, 'leak_ann');
      bob = await createPlayer(db, 'leak_bob');
    });

    const weekStart = async () =>
      (await db.query<{ t: string }>(`select (date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')::text as t`)).rows[0]!.t;
    const gain = (user: string, amt: number, at: string) =>
      db.query(`insert into public.coins_transactions (user_id, amt, why, created_at) values ($1, $2, 'test gain', $3::timestamptz)`, [user, amt, at]);
    const board = async (start: string) =>
      (await as<{ username: string; amount: string }>(db, null, 'select username, amount from public.get_coins_gained($1::timestamptz)', [start])).map(
        (row) => `${row.username} ${row.amount}`,
      );

    it('counts the coins board from the start of the week, whatever window is asked for', async () => {
      const monday = await weekStart();
      await gain(ann, 40, monday);
      await gain(bob, 100, (await db.query<{ t: string }>('select now()::text as t')).rows[0]!.t);
      const whole = await board(monday);
      expect(whole).toEqual(['leak_bob 100', 'leak_ann 40']);
      // "The last 3 seconds" would have named Bob alone, the student who had just claimed.
      expect(await board((await db.query<{ t: string }>(`select (now() - interval '3 seconds')::text as t`)).rows[0]!.t)).toEqual(whole);
      // A week earlier counts from that week's Monday, with this week's coins still in it.
      expect(await board((await db.query<{ t: string }>(`select ($1::timestamptz - interval '4 days')::text as t`, [monday])).rows[0]!.t)).toEqual(whole);
    });

    it("counts a season from the season's own start", async () => {
      const monday = await weekStart();
      const seasonStart = (await db.query<{ t: string }>(`select ($1::timestamptz - interval '3 days 5 hours')::text as t`, [monday])).rows[0]!.t;
      await db.query(`insert into public.battlepass_seasons (season, name, starts_at, ends_at) values (77, 'Leak Pass', $1::timestamptz, $1::timestamptz + interval '30 days')`, [seasonStart]);
      const beforeMonday = (await db.query<{ t: string }>(`select ($1::timestamptz + interval '1 hour')::text as t`, [seasonStart])).rows[0]!.t;
      await gain(ann, 70, beforeMonday);
      expect(await board(seasonStart)).toEqual(['leak_ann 70']);
      expect(await board(monday)).toEqual([]);
    });

    it('refuses a report of a hidden message exactly as one of a message that does not exist', async () => {
      const [sent] = await as<{ r: { id: number } }>(db, ann, 'select public.send_chat_message($1, $2) as r', ['hide me', crypto.randomUUID()]);
      await db.query('update public.chat_messages set hidden = true where id = $1', [sent?.r.id]);
      const report = (id: number) => errorOf(db, bob, `insert into public.chat_reports (message_id, reporter_id, reason) values ($1, $2, 'x')`, [id, bob]);
      const hidden = await report(sent!.r.id);
      const missing = await report(987654321);
      expect(hidden.code).toBe('42501');
      expect(missing).toEqual({ ...hidden, message: hidden.message });
    });
  });
}
