import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/store/db.ts';
import { IMAGE_WITHOUT_NAME, ITEM_NOT_FOUND, NOT_ENOUGH_COINS, NOT_LOGGED_IN, STREAK_CLAIM_TOO_SOON } from '../../../src/domain/messages.ts';
import { MutationRefused } from '../../../src/sync/effects.ts';
import { discard, enqueue, pendingCount, queuedItems } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from './fakes.ts';
import { seedUser, SWORD } from './seed.ts';

const NOW = new Date('2025-10-10T12:00:00Z');

describe('enqueue', () => {
  it('writes the outbox row and the optimistic effect together', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const item = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });

    expect(item).toMatchObject({ kind: 'claim_streak', userId: USER, attempts: 0, status: 'queued', lastError: null });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.streak.get(USER)).toMatchObject({ current_streak: 1, longest_streak: 1, last_claim: NOW.toISOString(), pendingOpId: item.id });
    const ledger = await db.ledger.where('opId').equals(item.id).toArray();
    expect(ledger).toEqual([expect.objectContaining({ amt: 100, why: 'streak claim', status: 'pending', user_id: USER })]);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1100, coinsGainedThisBattlePass: 1100, pending: [item.id] });
  });

  it('doubles the claim reward when the streak was already running, as the server does', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await db.streak.put({ user_id: USER, current_streak: 4, longest_streak: 4, last_claim: '2025-10-09T06:00:00.000Z' });
    const item = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    expect(await db.streak.get(USER)).toMatchObject({ current_streak: 5, longest_streak: 5 });
    expect(await db.ledger.where('opId').equals(item.id).toArray()).toEqual([
      expect.objectContaining({ amt: 200, why: 'streak claim (streak bonus x2)' }),
    ]);
    // Every later gain is doubled too while the streak runs.
    await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER }, { now: NOW });
    expect((await db.coins.get(USER))?.balance).toBe(202);
  });

  it('leaves no outbox row when the optimistic effect throws', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    // The purchase's balance is written, then its ledger row fails.
    db.ledger.hook('creating', () => {
      throw new Error('effect failed half way');
    });
    await expect(enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER })).rejects.toThrow('effect failed half way');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.coins.get(USER))?.balance).toBe(1000);
  });

  it('refuses on the device what the server would refuse, queuing nothing', async () => {
    const { db } = freshDb();
    await seedUser(db, 500);
    const poor = enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    await expect(poor).rejects.toBeInstanceOf(MutationRefused);
    await expect(poor).rejects.toThrow(NOT_ENOUGH_COINS);
    await expect(enqueue(db, { kind: 'buy_item', args: { p_item_id: 'nope' }, userId: USER })).rejects.toThrow(ITEM_NOT_FOUND);
    await db.shopItems.put({ ...SWORD, id: 'season1_reward', listed: false, price: 100 });
    await expect(enqueue(db, { kind: 'buy_item', args: { p_item_id: 'season1_reward' }, userId: USER })).rejects.toThrow(ITEM_NOT_FOUND);
    await expect(enqueue(db, { kind: 'claim_streak', args: {}, userId: '' })).rejects.toThrow(NOT_LOGGED_IN);
    await expect(
      enqueue(db, { kind: 'submit_score', args: { p_app_id: 'snake', p_score: 10 }, userId: USER, blob: new Blob(['png']) }),
    ).rejects.toThrow(IMAGE_WITHOUT_NAME);
    await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    await expect(
      enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: new Date(NOW.getTime() + 60_000) }),
    ).rejects.toThrow(new MutationRefused(STREAK_CLAIM_TOO_SOON));
    expect(await db.outbox.count()).toBe(1);
    expect((await db.coins.get(USER))?.balance).toBe(600);
  });

  it('numbers items in the order they were made, across kinds', async () => {
    const { db } = freshDb();
    await seedUser(db, 5000);
    const made = [
      await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW }),
      await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER }),
      await enqueue(db, { kind: 'set_item_equipped', args: { p_item_id: 'sword_cursor', p_equipped: true }, userId: USER }),
      await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER }),
      await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER }),
      await enqueue(db, {
        kind: 'submit_score',
        args: { p_app_id: 'snake', p_score: 42 },
        userId: USER,
        blob: new Blob(['png'], { type: 'image/png' }),
        blobName: 'proof.png',
      }),
    ];
    const stored = await db.outbox.orderBy('seq').toArray();
    expect(stored.map((i) => i.id)).toEqual(made.map((i) => i.id));
    expect(stored.map((i) => i.kind)).toEqual(['claim_streak', 'buy_item', 'set_item_equipped', 'record_app_played', 'increment_time_spent', 'submit_score']);
    const seqs = stored.map((i) => i.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(await stored[5]!.blob!.text()).toBe('png');
    expect(stored[5]!.blobName).toBe('proof.png');
  });

  it('hands the sender the oldest waiting items first, with any left marked sending, and never failed ones', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const made: OutboxItem[] = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER }));
    }
    // A tab closed mid-send left the second as sending; the server refused the fourth.
    await db.outbox.update(made[1]!.seq, { status: 'sending' });
    await db.outbox.update(made[3]!.seq, { status: 'failed' });
    await enqueue(db, { kind: 'increment_time_spent', args: { user_id: 'a-classmate', increment_value: 5 }, userId: 'a-classmate' });

    const waiting = [0, 1, 2, 4, 5].map((i) => made[i]!.id);
    expect((await queuedItems(db, USER)).map((i) => i.id)).toEqual(waiting);
    expect((await queuedItems(db, USER, 3)).map((i) => i.id)).toEqual(waiting.slice(0, 3));
    expect((await queuedItems(db, USER, 1)).map((i) => i.id)).toEqual(waiting.slice(0, 1));
  });

  it('shows a purchase and an equip at once, marked pending', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    expect(await db.items.get([USER, 'sword_cursor'])).toMatchObject({ equipped: false, type: 'cursor', pendingOpId: buy.id });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 200, coinsGainedThisBattlePass: 1000 });
    const equip = await enqueue(db, { kind: 'set_item_equipped', args: { p_item_id: 'sword_cursor', p_equipped: true }, userId: USER });
    expect(await db.items.get([USER, 'sword_cursor'])).toMatchObject({ equipped: true, pendingOpId: equip.id });
    const counters = await db.profile.get(USER);
    await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER });
    expect((await db.profile.get(USER))?.time_spent).toBe(counters!.time_spent + 5);
  });
});

describe('sign-out guard', () => {
  it('counts what is still unsent for the user, and only an explicit discard removes it', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    expect(await pendingCount(db, USER)).toBe(0);
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    expect(await pendingCount(db, USER)).toBe(2);
    expect(await pendingCount(db, 'someone-else')).toBe(0);

    await discard(db, buy.id);
    expect(await pendingCount(db, USER)).toBe(1);
    expect(await db.items.get([USER, 'sword_cursor'])).toBeUndefined();
    expect((await db.coins.get(USER))?.balance).toBe(1001);
  });
});
