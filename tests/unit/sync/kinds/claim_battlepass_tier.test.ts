import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerItems } from '../../../../src/data/mirror.ts';
import { ITEM_ALREADY_OWNED, PASS_NOT_STARTED, tierNotReached } from '../../../../src/domain/messages.ts';
import { confirmEffects, MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { inSyncTransaction } from '../../../../src/store/syncTables.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { GHOST, PACK, seedPass } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored } from './harness.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const TIER_3 = { p_season: 2, p_tier: 3 };

/** A student with 300 Dabloons who has gained `gained` this season, by the server's last count. */
async function seeded(gained = 500) {
  const { db } = freshDb();
  await db.coins.put({ user_id: USER, balance: 300, coinsGainedThisBattlePass: 300, pending: [] });
  await seedPass(db, gained);
  return db;
}

describe('claim_battlepass_tier', () => {
  it('checks that the season and tier are whole numbers', () => {
    expect(KINDS.claim_battlepass_tier.check({ args: TIER_3, userId: USER })).toBeNull();
    expect(KINDS.claim_battlepass_tier.check({ args: { p_season: 2, p_tier: 1.5 }, userId: USER })).toBe('p_tier must be a whole number');
    expect(KINDS.claim_battlepass_tier.check({ args: { p_tier: 3 } as never, userId: USER })).toBe('p_season must be a whole number');
  });

  it('shows the reward and a pack’s coins at once, pending, and keeps them when the server confirms', async () => {
    const db = await seeded();
    const item = await enqueue(db, { kind: 'claim_battlepass_tier', args: TIER_3, userId: USER }, { now: NOW });
    expect(await db.items.get([USER, 's2_dabloons_500'])).toMatchObject({ type: 'coin', equipped: false, pendingOpId: item.id });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 800, pending: [item.id] });
    expect(await db.ledger.where('opId').equals(item.id).toArray()).toEqual([
      expect.objectContaining({ amt: 500, why: 'battle pass season 2 tier 3', status: 'pending' }),
    ]);

    await inSyncTransaction(db, (tables) => confirmEffects(tables, [item]));
    expect((await db.items.get([USER, 's2_dabloons_500']))?.pendingOpId).toBeUndefined();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 800, pending: [] });
  });

  it('takes the reward and the coins back when the server refuses', async () => {
    const db = await seeded();
    const item = await enqueue(db, { kind: 'claim_battlepass_tier', args: TIER_3, userId: USER }, { now: NOW });
    await drainOnce(db, refuseAll(tierNotReached(20, 3)));
    expect(await db.items.get([USER, 's2_dabloons_500'])).toBeUndefined();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 300, pending: [] });
    expect((await db.ledger.where('opId').equals(item.id).first())?.status).toBe('rolled_back');
  });

  it('queues nothing for a tier not reached or a reward already owned', async () => {
    const db = await seeded(480);
    await expect(enqueue(db, { kind: 'claim_battlepass_tier', args: TIER_3, userId: USER }, { now: NOW })).rejects.toEqual(
      new MutationRefused(tierNotReached(20, 3)),
    );
    await db.items.put({ user_id: USER, item: 's2_ghost_cursor', type: 'cursor', created_at: NOW.toISOString(), equipped: false });
    await expect(enqueue(db, { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 2 }, userId: USER }, { now: NOW })).rejects.toEqual(
      new MutationRefused(ITEM_ALREADY_OWNED),
    );
    expect(await db.outbox.count()).toBe(0);
    expect(tierNotReached(20, 3)).toBe('Gain 20 more coins this season to reach tier 3.');
  });

  it('counts gains still queued towards the tier, and refuses before the season starts', async () => {
    const db = await seeded(480);
    await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER }, { now: NOW });
    await expect(enqueue(db, { kind: 'claim_battlepass_tier', args: TIER_3, userId: USER }, { now: NOW })).rejects.toEqual(
      new MutationRefused(tierNotReached(19, 3)),
    );
    await expect(
      enqueue(db, { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 1 }, userId: USER }, { now: new Date('2025-09-30T12:00:00Z') }),
    ).rejects.toEqual(new MutationRefused(PASS_NOT_STARTED));
  });

  it('queues a claim the device cannot judge (no seasons or reward mirrored) without showing anything', async () => {
    const { db } = freshDb();
    await db.coins.put({ user_id: USER, balance: 300, coinsGainedThisBattlePass: 300, pending: [] });
    const before = await mirrorOf(db);
    const item = await enqueue(db, { kind: 'claim_battlepass_tier', args: TIER_3, userId: USER }, { now: NOW });
    expect(item.undo).toBeNull();
    expect(await mirrorOf(db)).toEqual(before);

    // Once the pass is mirrored, the next refresh shows the claim.
    await seedPass(db, 500);
    await putServerItems(db, USER, []);
    expect(await db.items.get([USER, PACK.id])).toMatchObject({ pendingOpId: item.id });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 800, pending: [item.id] });
  });

  it('is undone exactly, a cursor reward as well as a pack', async () => {
    const db = await seeded(500);
    const before = await mirrorOf(db);
    const pack = await applyThenUndo(db, 'claim_battlepass_tier', TIER_3, NOW);
    expect(pack.applied.coins?.balance).toBe(800);
    expect(pack.undone).toEqual(before);
    const cursor = await applyThenUndo(db, 'claim_battlepass_tier', { p_season: 2, p_tier: 2 }, NOW);
    expect(cursor.applied.items).toEqual([expect.objectContaining({ item: GHOST.id, type: 'cursor' })]);
    expect(cursor.applied.ledger).toEqual([]);
    expect(cursor.undone).toEqual(before);
  });

  it('is laid again over fresh server items; a sent claim the server already shows is left to the server', async () => {
    const db = await seeded(500);
    const queued = await enqueue(db, { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 2 }, userId: USER }, { now: NOW });
    const sent = await enqueue(db, { kind: 'claim_battlepass_tier', args: TIER_3, userId: USER }, { now: NOW });
    await markSent(db, sent);
    // The server has applied the sent claim (its pack is in the collection), not the queued one.
    await putServerItems(db, USER, [{ user_id: USER, item: PACK.id, type: 'coin', created_at: NOW.toISOString(), equipped: false }]);
    expect((await mirrorOf(db)).items.map((row) => [row.item, row.pendingOpId])).toEqual([
      [PACK.id, undefined],
      [GHOST.id, queued.id],
    ]);
    expect(await stored(db, sent)).toMatchObject({ status: 'sending', undo: null });
    // The pack's coins are the server's to report now: its ledger row is gone from the pending ones.
    expect(await db.coins.get(USER)).toMatchObject({ balance: 300, pending: [] });
  });
});
