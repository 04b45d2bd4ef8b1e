import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { confirmEffects } from '../../../src/sync/effects.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { inSyncTransaction } from '../../../src/store/syncTables.ts';
import { freshDb, USER } from './fakes.ts';
import { seedUser } from './seed.ts';

const NOW = new Date('2025-10-10T12:00:00Z');

describe('confirmEffects', () => {
  it('clears the pending marks of exactly the confirmed mutations, in one pass, and leaves the balance as shown', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    const tick = await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER });
    const shown = await db.coins.get(USER);

    await inSyncTransaction(db, (tables) => confirmEffects(tables, [claim, tick]));

    expect(await db.coins.get(USER)).toEqual({ ...shown, pending: [buy.id] });
    const statuses = new Map((await db.ledger.toArray()).map((e) => [e.opId, e.status]));
    expect(statuses.get(claim.id)).toBe('confirmed');
    expect(statuses.get(buy.id)).toBe('pending');
    expect(await db.streak.get(USER)).not.toHaveProperty('pendingOpId');
    expect((await db.items.get([USER, 'sword_cursor']))?.pendingOpId).toBe(buy.id);

    await inSyncTransaction(db, (tables) => confirmEffects(tables, [buy]));
    expect(await db.coins.get(USER)).toEqual({ ...shown, pending: [] });
    expect(await db.items.get([USER, 'sword_cursor'])).not.toHaveProperty('pendingOpId');
    expect((await db.ledger.toArray()).every((e) => e.status === 'confirmed')).toBe(true);
  });
});
