import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { ReconcileError, refreshEconomy } from '../../../src/data/queries/refreshEconomy.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from '../sync/fakes.ts';
import { seedUser, SWORD } from '../sync/seed.ts';

type Answer = { data: unknown; error: { message: string; code?: string } | null };

/** Just enough of supabase-js for the reads: each table and RPC answers what it is given. */
function fakeSupabase(answers: Record<string, Answer>) {
  const rpcCalls: { name: string; args: unknown }[] = [];
  const answer = (name: string): Answer => answers[name] ?? { data: null, error: { message: `no answer for ${name}` } };
  const query = (table: string) => {
    const builder = {
      select: () => builder,
      eq: () => builder,
      order: () => builder,
      limit: () => builder,
      maybeSingle: () => Promise.resolve(answer(table)),
      then: (resolve: (value: Answer) => unknown, reject: (reason: unknown) => unknown) => Promise.resolve(answer(table)).then(resolve, reject),
    };
    return builder;
  };
  const supabase = {
    rpc: (name: string, args: unknown) => {
      rpcCalls.push({ name, args });
      return Promise.resolve(answer(name));
    },
    from: query,
  } as unknown as PortalSupabase;
  return { supabase, rpcCalls };
}

const IN_SEASON = new Date('2025-10-10T12:00:00Z');
const AFTER_SEASON = new Date('2026-11-20T12:00:00Z');

const serverState: Record<string, Answer> = {
  get_coin_amt: { data: 700, error: null },
  get_coins_gained: { data: 900, error: null },
  streak: { data: { current_streak: 3, longest_streak: 5, last_claim: '2025-10-09T08:00:00Z' }, error: null },
  items_unlocked: { data: [{ user_id: USER, item: 'cat_background', type: 'background', created_at: '2025-10-01T00:00:00Z', equipped: true }], error: null },
  coins_transactions: { data: [{ id: 7, amt: 100, why: 'streak claim', created_at: '2025-10-09T08:00:00Z' }], error: null },
};

describe('refreshEconomy', () => {
  it("writes the server's coins, season total, streak, items and ledger into Dexie", async () => {
    const { db } = freshDb();
    const { supabase, rpcCalls } = fakeSupabase(serverState);
    await refreshEconomy(createDataSource(supabase, db), USER, IN_SEASON);
    expect(await db.coins.get(USER)).toEqual({ user_id: USER, balance: 700, coinsGainedThisBattlePass: 900, pending: [] });
    expect(await db.streak.get(USER)).toEqual({ user_id: USER, current_streak: 3, longest_streak: 5, last_claim: '2025-10-09T08:00:00Z' });
    expect((await db.items.toArray()).map((i) => [i.item, i.equipped])).toEqual([['cat_background', true]]);
    expect((await db.ledger.toArray()).map((e) => [e.key, e.amt, e.status])).toEqual([['srv:7', 100, 'confirmed']]);
    expect(rpcCalls).toContainEqual({ name: 'get_coins_gained', args: { p_user_id: USER, start_date: '2025-10-01' } });
  });

  it('counts nothing towards the pass outside its season', async () => {
    const { db } = freshDb();
    const { supabase, rpcCalls } = fakeSupabase(serverState);
    await refreshEconomy(createDataSource(supabase, db), USER, AFTER_SEASON);
    expect((await db.coins.get(USER))?.coinsGainedThisBattlePass).toBe(0);
    expect(rpcCalls.map((c) => c.name)).toEqual(['get_coin_amt']);
  });

  it('keeps a queued purchase on top of the server numbers', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await enqueue(db, { kind: 'buy_item', args: { p_item_id: SWORD.id }, userId: USER });
    const { supabase } = fakeSupabase({ ...serverState, get_coin_amt: { data: 1000, error: null }, items_unlocked: { data: [], error: null } });
    await refreshEconomy(createDataSource(supabase, db), USER, IN_SEASON);
    expect((await db.coins.get(USER))?.balance).toBe(1000 - SWORD.price!);
    expect((await db.items.get([USER, SWORD.id]))?.pendingOpId).toBeDefined();
  });

  it('writes the parts that could be read and reports the first that could not, with its code', async () => {
    const { db } = freshDb();
    const { supabase } = fakeSupabase({ ...serverState, get_coin_amt: { data: null, error: { message: 'permission denied', code: '42501' } } });
    const failure = await refreshEconomy(createDataSource(supabase, db), USER, IN_SEASON).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ReconcileError);
    expect((failure as ReconcileError).code).toBe('42501');
    expect(await db.coins.get(USER)).toBeUndefined();
    expect(await db.streak.get(USER)).toBeDefined();
  });
});
