import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { claimTierEffect, tierNotReached } from '../../../src/features/battlepass/claimTier.ts';
import { ITEM_ALREADY_OWNED } from '../../../src/domain/messages.ts';
import { confirmEffects, MutationRefused, rollback } from '../../../src/sync/effects.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from '../sync/fakes.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const reward = { season: 2, tier: 3, itemId: 's2_dabloons_500', itemType: 'coin', packCoins: 500, remaining: 0 };

async function seeded() {
  const { db } = freshDb();
  await db.coins.put({ user_id: USER, balance: 300, coinsGainedThisBattlePass: 300, pending: [] });
  return db;
}

describe('claiming a battle-pass tier', () => {
  it('shows the reward and a pack’s coins at once, pending, and keeps them when the server confirms', async () => {
    const db = await seeded();
    const item = await enqueue(db, { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 3 }, userId: USER }, claimTierEffect(reward), { now: NOW });
    expect(await db.items.get([USER, 's2_dabloons_500'])).toMatchObject({ type: 'coin', equipped: false, pendingOpId: item.id });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 800, pending: [item.id] });
    expect(await db.ledger.where('opId').equals(item.id).toArray()).toEqual([
      expect.objectContaining({ amt: 500, why: 'battle pass season 2 tier 3', status: 'pending' }),
    ]);

    await db.transaction('rw', [db.outbox, db.coins, db.ledger, db.streak, db.items, db.profile, db.shopItems], () => confirmEffects(db, [item]));
    expect((await db.items.get([USER, 's2_dabloons_500']))?.pendingOpId).toBeUndefined();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 800, pending: [] });
  });

  it('takes the reward and the coins back when the server refuses', async () => {
    const db = await seeded();
    const item = await enqueue(db, { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 3 }, userId: USER }, claimTierEffect(reward), { now: NOW });
    await db.transaction('rw', [db.outbox, db.coins, db.ledger, db.streak, db.items, db.profile, db.shopItems], () => rollback(db, item));
    expect(await db.items.get([USER, 's2_dabloons_500'])).toBeUndefined();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 300, pending: [] });
    expect((await db.ledger.where('opId').equals(item.id).first())?.status).toBe('rolled_back');
  });

  it('queues nothing for a tier not reached or a reward already owned', async () => {
    const db = await seeded();
    await expect(
      enqueue(db, { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 3 }, userId: USER }, claimTierEffect({ ...reward, remaining: 20 })),
    ).rejects.toEqual(new MutationRefused(tierNotReached(20, 3)));
    await db.items.put({ user_id: USER, item: 's2_ghost_cursor', type: 'cursor', created_at: NOW.toISOString(), equipped: false });
    await expect(
      enqueue(
        db,
        { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 2 }, userId: USER },
        claimTierEffect({ ...reward, tier: 2, itemId: 's2_ghost_cursor', itemType: 'cursor', packCoins: null }),
      ),
    ).rejects.toEqual(new MutationRefused(ITEM_ALREADY_OWNED));
    expect(await db.outbox.count()).toBe(0);
    expect(tierNotReached(20, 3)).toBe('Gain 20 more coins this season to reach tier 3.');
  });
});
