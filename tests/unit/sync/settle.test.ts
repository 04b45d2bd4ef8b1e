import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { NOT_ENOUGH_COINS } from '../../../src/domain/messages.ts';
import { discard, enqueue } from '../../../src/sync/outbox.ts';
import { markSending, settle } from '../../../src/sync/settle.ts';
import { freshDb, USER } from './fakes.ts';
import { seedUser } from './seed.ts';

describe('settling a batch', () => {
  it('marks a batch sending, counting the attempt', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const play = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    await markSending(db, [play]);
    expect(await db.outbox.get(play.seq)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('confirms, rolls back and requeues the items of one batch together', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const play = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    const tick = await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER });
    const tock = await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER });
    await markSending(db, [play, buy, tick, tock]);

    const reread = await settle(db, [
      { kind: 'confirm', item: play },
      { kind: 'park', item: buy, error: { code: 'P0001', message: NOT_ENOUGH_COINS }, notice: NOT_ENOUGH_COINS },
      { kind: 'requeue', item: tick, error: { code: '40001', message: 'busy' } },
      { kind: 'requeue', item: tock, error: null },
    ]);

    expect(reread).toBe(false);
    expect((await db.outbox.orderBy('seq').toArray()).map((row) => [row.id, row.status, row.lastError])).toEqual([
      [buy.id, 'failed', { code: 'P0001', message: NOT_ENOUGH_COINS }],
      [tick.id, 'queued', { code: '40001', message: 'busy' }],
      [tock.id, 'queued', null],
    ]);
    expect(await db.items.get([USER, 'sword_cursor'])).toBeUndefined();
    expect((await db.ledger.where('opId').equals(play.id).first())?.status).toBe('confirmed');
    expect((await db.ledger.where('opId').equals(buy.id).first())?.status).toBe('rolled_back');
  });

  it('skips an item the student discarded while it was out', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const play = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    await discard(db, play.id);
    expect(await settle(db, [{ kind: 'park', item: play, error: { message: 'no' }, notice: 'no' }])).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says so when a confirmed item was laid over server rows that may already count it', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const play = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    await db.outbox.update(play.seq, { rebasedAfterSend: true });
    expect(await settle(db, [{ kind: 'confirm', item: play }])).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });
});
