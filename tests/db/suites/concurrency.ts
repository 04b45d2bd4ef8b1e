// Concurrent requests of one user on separate PostgreSQL connections: the profile row lock makes the
// second wait for the first and then see what it wrote, so money and streaks cannot be spent twice;
// and two accounts sending from one device meet its chat limit once between them.
// PGlite has a single connection, so this runs on the engines with several (PostgreSQL), each test on
// a private copy of the migrated database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IsolatedDatabase } from '../harness/engine.ts';
import { ageAccount, balance, createPlayer, giveCoins } from '../harness/fixtures.ts';
import type { DbContext } from '../harness/run.ts';
import type { Session } from '../harness/session.ts';

interface Outcome {
  ok: boolean;
  value?: unknown;
  code?: string;
  message?: string;
}

/** Only for engines with several sessions to one database (PostgreSQL; not PGlite). */
export function concurrencySuite(ctx: DbContext): void {
  describe('concurrent requests of one user', () => {
    let copy: IsolatedDatabase;
    let first: Session;
    let second: Session;
    let me: string;

    beforeEach(async () => {
      const engine = ctx.engine();
      if (!engine.isolated) throw new Error(`${ctx.engineName} has a single session, so it cannot run concurrent requests`);
      copy = await engine.isolated();
      first = await copy.connect();
      second = await copy.connect();
      me = await createPlayer(first, 'racer');
    });
    afterEach(async () => {
      await second?.close();
      await first?.close();
      await copy?.drop();
    });

    /**
     * Runs `sql` on both connections at once: the first call completes inside its open transaction,
     * the second starts while the first still holds its locks, and only then does the first commit.
     */
    /** How many sessions wait on a lock, polled from a third connection (a superuser sees them all). */
    async function lockWaiters(): Promise<number> {
      const observer = await copy.connect();
      try {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await observer.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.n ?? 0) > 0) return rows[0]?.n ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 0;
      } finally {
        await observer.close();
      }
    }

    /** Each connection's request acts as `me` unless `actAs` names what it does first (who, from where). */
    async function race(sql: string, params: [unknown[], unknown[]], actAs?: [(db: Session) => Promise<void>, (db: Session) => Promise<void>]): Promise<[Outcome, Outcome]> {
      const run = async (db: Session, args: unknown[], beforeCommit?: () => Promise<void>): Promise<Outcome> => {
        await db.exec('begin');
        if (actAs) await actAs[db === first ? 0 : 1](db);
        else await db.roles.actAs(db, me);
        let outcome: Outcome;
        try {
          const { rows } = await db.query<{ r: unknown }>(`select ${sql} as r`, args);
          outcome = { ok: true, value: rows[0]?.r };
        } catch (error) {
          const { code, message } = error as { code?: string; message: string };
          await db.exec('rollback');
          return { ok: false, code, message };
        }
        if (beforeCommit) await beforeCommit();
        await db.exec('commit');
        return outcome;
      };
      let secondRun: Promise<Outcome> | undefined;
      const firstOutcome = await run(first, params[0], async () => {
        secondRun = run(second, params[1]);
        expect(await lockWaiters()).toBe(1);
      });
      if (!secondRun) throw new Error('second call never started');
      return [firstOutcome, await secondRun];
    }

    it('two claims at once: exactly one succeeds and 100 coins are paid once', async () => {
      const [a, b] = await race('public.claim_streak($1)', [[crypto.randomUUID()], [crypto.randomUUID()]]);
      expect([a.ok, b.ok]).toEqual([true, false]);
      expect(b).toMatchObject({ code: 'P0001', message: 'You already claimed your streak today. Come back later!' });
      expect(await balance(first, me)).toBe(100);
    });

    it('two purchases at once with coins for one: exactly one succeeds', async () => {
      await giveCoins(first, me, 1000);
      const [a, b] = await race('public.buy_item($1, $2)', [['sword_cursor', crypto.randomUUID()], ['cat_background', crypto.randomUUID()]]);
      expect([a.ok, b.ok]).toEqual([true, false]);
      expect(b).toMatchObject({ code: 'P0001', message: 'not enough coins' });
      expect(await balance(first, me)).toBe(200);
    });

    it('two scores at once with one left of the 10-minute limit: exactly one is taken', async () => {
      for (let i = 0; i < 4; i += 1) await first.query(`insert into public.leaderboard_submissions (user_id, app_id, score) values ($1, 'snake', 10)`, [me]);
      const [a, b] = await race('public.submit_score($1, $2, $3)', [['snake', 20, crypto.randomUUID()], ['snake', 30, crypto.randomUUID()]]);
      expect([a.ok, b.ok]).toEqual([true, false]);
      expect(b).toMatchObject({ code: 'P0001', message: 'You sent 5 scores for Snake in the last 10 minutes. Wait a few minutes before sending another.' });
      const { rows } = await first.query<{ n: number }>('select count(*)::int as n from public.leaderboard_submissions where user_id = $1', [me]);
      expect(rows[0]?.n).toBe(5);
    });

    it('two accounts on one device at once with one chat message left to it: exactly one is taken', async () => {
      const other = await createPlayer(first, 'racer_two');
      await ageAccount(first, me);
      await ageAccount(first, other);
      const fromDevice = (who: string) => async (db: Session) => {
        await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-device-address': '192.168.1.21' })]);
        await db.roles.actAs(db, who);
      };
      for (let i = 0; i < 4; i += 1) await first.query(`insert into app_private.chat_device_sends (address) values ('192.168.1.21')`);
      const [a, b] = await race('public.send_chat_message($1, $2)', [['mine', crypto.randomUUID()], ['theirs', crypto.randomUUID()]], [fromDevice(me), fromDevice(other)]);
      expect([a.ok, b.ok]).toEqual([true, false]);
      expect(b).toMatchObject({
        code: 'P0001',
        message: 'This device is sending messages too fast: at most 5 messages every 10 seconds, whichever account sends them. Wait a moment and try again.',
      });
      const { rows } = await first.query<{ n: number }>('select count(*)::int as n from public.chat_messages');
      expect(rows[0]?.n).toBe(1);
    });

    it('the same client id twice at once: applied once, both get the first result', async () => {
      await giveCoins(first, me, 1000);
      const id = crypto.randomUUID();
      const [a, b] = await race('public.buy_item($1, $2)', [['sword_cursor', id], ['sword_cursor', id]]);
      expect(a.ok && b.ok).toBe(true);
      expect(b.value).toEqual(a.value);
      expect(await balance(first, me)).toBe(200);
    });
  });
}
