import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalDB } from '../../../src/store/db.ts';
import { putServerCoins, putServerItems, putServerLedger, putServerProfile, putServerStreak } from '../../../src/data/mirror.ts';
import { discard, enqueue } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from './fakes.ts';
import { mirrorOf } from './kinds/harness.ts';
import { PROFILE, seedUser, SWORD } from './seed.ts';

const NOW = new Date('2025-10-10T12:00:00Z');

/** Counts the rows written to the mirror's tables and the outbox from now on. */
function countWrites(db: PortalDB): { total: () => number } {
  let writes = 0;
  for (const table of [db.coins, db.ledger, db.items, db.streak, db.profile, db.outbox]) {
    table.hook('creating', () => {
      writes += 1;
    });
    table.hook('updating', () => {
      writes += 1;
    });
    table.hook('deleting', () => {
      writes += 1;
    });
  }
  return { total: () => writes };
}

describe('the queued mutations as one stack over the mirror', () => {
  it('discarding one from the middle lays the newer ones back, each derived again', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: SWORD.id }, userId: USER }, { now: NOW });
    const equip = await enqueue(db, { kind: 'set_item_equipped', args: { p_item_id: SWORD.id, p_equipped: true }, userId: USER }, { now: NOW });
    const play = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER }, { now: NOW });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 201, pending: [buy.id, play.id] });

    await discard(db, buy.id);

    // Without the purchase the equip has nothing to wear: it stays queued, showing nothing, for the server to judge.
    expect((await db.outbox.orderBy('seq').toArray()).map((i) => [i.id, i.undo === null])).toEqual([
      [equip.id, true],
      [play.id, false],
    ]);
    const mirror = await mirrorOf(db);
    expect(mirror.items).toEqual([]);
    expect(mirror.coins).toEqual({ user_id: USER, balance: 1001, coinsGainedThisBattlePass: 1001, pending: [play.id] });
    expect(mirror.ledger.map((row) => [row.opId, row.amt, row.status])).toEqual(
      [
        [buy.id, -800, 'rolled_back'],
        [play.id, 1, 'pending'],
      ].sort((a, b) => `${a[0]}:0`.localeCompare(`${b[0]}:0`)),
    );
  });

  it('a refresh that finds the server as the mirror had it writes nothing, however long the queue', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const streak = { current_streak: 0, longest_streak: 2, last_claim: null };
    await putServerStreak(db, USER, streak);
    await enqueue(db, { kind: 'buy_item', args: { p_item_id: SWORD.id }, userId: USER }, { now: NOW });
    for (let i = 0; i < 50; i += 1) {
      await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER }, { now: NOW });
    }
    const writes = countWrites(db);

    await putServerItems(db, USER, []);
    await putServerStreak(db, USER, streak);
    await putServerProfile(db, PROFILE);
    await putServerLedger(db, USER, []);
    await putServerCoins(db, USER, { coins: 1000, coinsGainedThisBattlePass: 1000 });

    expect(writes.total()).toBe(0);
    expect((await db.profile.get(USER))?.time_spent).toBe(PROFILE.time_spent + 250);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1000 - 800 + 250 });
  });

  it('leaves failed items off the stack: a refresh never lays a refused mutation back', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: SWORD.id }, userId: USER }, { now: NOW });
    await db.outbox.update(buy.seq, { status: 'failed', undo: null });
    await putServerItems(db, USER, []);
    await putServerCoins(db, USER, { coins: 1000, coinsGainedThisBattlePass: 1000 });
    expect(await db.items.count()).toBe(0);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1000, pending: [] });
  });

  it("touches only the refreshed student's stack", async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const classmate = 'a-classmate';
    await db.coins.put({ user_id: classmate, balance: 5, coinsGainedThisBattlePass: 5, pending: [] });
    const theirs = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: classmate }, { now: NOW });
    await putServerCoins(db, USER, { coins: 10, coinsGainedThisBattlePass: 10 });
    expect(await db.coins.get(classmate)).toEqual({ user_id: classmate, balance: 6, coinsGainedThisBattlePass: 6, pending: [theirs.id] });
  });
});
