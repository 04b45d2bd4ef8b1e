// Concurrent requests of one user on separate PostgreSQL connections: the profile row lock makes the
// second wait for the first and then see what it wrote, so money and streaks cannot be spent twice.
// PGlite has a single connection, so this needs the PostgreSQL 15 cluster.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { PG15_BIN, balance, createPlayer, giveCoins, pg15Engine, pg15Installed, setActor, type Engine, type TestDb } from './harness.ts';

interface Outcome {
  ok: boolean;
  value?: unknown;
  code?: string;
  message?: string;
}

describe.runIf(pg15Installed)(pg15Installed ? 'concurrency on PostgreSQL 15' : `PostgreSQL 15 not installed (no ${PG15_BIN}/initdb): concurrency`, () => {
  let engine: Engine;
  let first: TestDb;
  let second: TestDb;
  let me: string;

  beforeAll(async () => {
    engine = await pg15Engine();
  });
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    first = await engine.fresh();
    const again = engine.connectAgain;
    if (!again) throw new Error('PostgreSQL engine without a second connection');
    second = await again(first);
    me = await createPlayer(first, 'racer');
  });
  afterEach(async () => {
    await second?.close();
    await first?.close();
  });

  /**
   * Runs `sql` on both connections at once: the first call completes inside its open transaction,
   * the second starts while the first still holds its locks, and only then does the first commit.
   */
  /** How many sessions wait on a lock, polled from a third connection (a superuser sees them all). */
  async function lockWaiters(): Promise<number> {
    const again = engine.connectAgain;
    if (!again) return 0;
    const observer = await again(first);
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

  async function race(sql: string, params: [unknown[], unknown[]]): Promise<[Outcome, Outcome]> {
    const run = async (db: TestDb, args: unknown[], beforeCommit?: () => Promise<void>): Promise<Outcome> => {
      await db.exec('begin');
      await setActor(db, me);
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

  it('the same client id twice at once: applied once, both get the first result', async () => {
    await giveCoins(first, me, 1000);
    const id = crypto.randomUUID();
    const [a, b] = await race('public.buy_item($1, $2)', [['sword_cursor', id], ['sword_cursor', id]]);
    expect(a.ok && b.ok).toBe(true);
    expect(b.value).toEqual(a.value);
    expect(await balance(first, me)).toBe(200);
  });
});
