import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerCoins, putServerItems } from '../../../../src/data/mirror.ts';
import { ITEM_ALREADY_OWNED, NOT_ENOUGH_COINS } from '../../../../src/domain/messages.ts';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { CAT_BG, seedUser, SWORD } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored, withoutRolledBack } from './harness.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const BUY = { p_item_id: SWORD.id };
const DUCK = { user_id: USER, item: 'duck_icon', type: 'icon', created_at: '2025-09-03', equipped: false };

describe('buy_item', () => {
  it('needs the item', async () => {
    expect(KINDS.buy_item.check({ args: BUY, userId: USER })).toBeNull();
    expect(KINDS.buy_item.check({ args: {} as never, userId: USER })).toBe('p_item_id is missing');
    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'buy_item', args: { p_item_id: '' }, userId: USER })).rejects.toEqual(new MutationRefused('p_item_id is missing'));
  });

  it('is undone exactly', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.items.put(DUCK);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'buy_item', BUY, NOW);
    expect(applied.items.map((row) => row.item)).toEqual(['duck_icon', SWORD.id]);
    expect(applied.coins?.balance).toBe(200);
    expect(undone).toEqual(before);
  });

  it('gives the coins back and removes the item when the server refuses', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const before = await mirrorOf(db);
    const buy = await enqueue(db, { kind: 'buy_item', args: BUY, userId: USER }, { now: NOW });
    await drainOnce(db, refuseAll(NOT_ENOUGH_COINS));
    const after = await mirrorOf(db);
    expect(withoutRolledBack(after)).toEqual(before);
    expect(after.ledger).toEqual([expect.objectContaining({ key: `${buy.id}:0`, amt: -800, status: 'rolled_back' })]);
  });

  it('stays on top of fresh server items and coins', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const buy = await enqueue(db, { kind: 'buy_item', args: BUY, userId: USER }, { now: NOW });
    await putServerItems(db, USER, [DUCK]);
    await putServerCoins(db, USER, { coins: 900, coinsGainedThisBattlePass: 1000 });
    expect((await mirrorOf(db)).items.map((row) => [row.item, row.pendingOpId])).toEqual([
      ['duck_icon', undefined],
      [SWORD.id, buy.id],
    ]);
    // Spending never lowers the pass total.
    expect(await db.coins.get(USER)).toEqual({ user_id: USER, balance: 100, coinsGainedThisBattlePass: 1000, pending: [buy.id] });
  });

  it('stays queued with nothing shown when fresh coins no longer cover it, and shows again when they do', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const buy = await enqueue(db, { kind: 'buy_item', args: BUY, userId: USER }, { now: NOW });
    await putServerCoins(db, USER, { coins: 500, coinsGainedThisBattlePass: 1000 });
    expect(await stored(db, buy)).toMatchObject({ status: 'queued', undo: null });
    expect(await db.items.get([USER, SWORD.id])).toBeUndefined();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 500, pending: [] });
    expect(await db.ledger.count()).toBe(0);

    await putServerCoins(db, USER, { coins: 850, coinsGainedThisBattlePass: 1000 });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 50, pending: [buy.id] });
    expect(await db.items.get([USER, SWORD.id])).toMatchObject({ pendingOpId: buy.id });
  });

  it('is left to the server once its rows show the item bought: a sent purchase is not shown twice', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const buy = await enqueue(db, { kind: 'buy_item', args: BUY, userId: USER }, { now: NOW });
    await markSent(db, buy);
    await putServerItems(db, USER, [{ user_id: USER, item: SWORD.id, type: 'cursor', created_at: NOW.toISOString(), equipped: false }]);
    expect(await stored(db, buy)).toMatchObject({ status: 'sending', undo: null });
    expect(await db.items.get([USER, SWORD.id])).not.toHaveProperty('pendingOpId');
    // Its price is the server's to report now: the balance shows what the server last said.
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1000, pending: [] });
    await putServerCoins(db, USER, { coins: 200, coinsGainedThisBattlePass: 1000 });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 200, pending: [] });
  });

  it('refuses an item owned or not for sale, as before', async () => {
    const { db } = freshDb();
    await seedUser(db, 5000);
    await db.items.put({ ...DUCK, item: CAT_BG.id, type: 'background' });
    await expect(enqueue(db, { kind: 'buy_item', args: { p_item_id: CAT_BG.id }, userId: USER })).rejects.toEqual(new MutationRefused(ITEM_ALREADY_OWNED));
  });
});
