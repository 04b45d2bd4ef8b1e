import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { guardQuota, isQuotaExceeded, STORAGE_FULL_MESSAGE, StorageFullError } from '../../../src/data/db.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from '../sync/fakes.ts';

describe('the portal database', () => {
  it('opens every mirror table of the design', async () => {
    const { db } = freshDb();
    await db.open();
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'apps',
        'cache',
        'coins',
        'favourites',
        'items',
        'leaderboards',
        'ledger',
        'outbox',
        'profile',
        'publicProfiles',
        'shopItems',
        'streak',
      ].sort(),
    );
  });

  it('keys unlocked items by user and item', async () => {
    const { db } = freshDb();
    const row = { user_id: USER, item: 'sword_cursor', type: 'cursor', created_at: '2025-10-02T00:00:00Z', equipped: false };
    await db.items.put(row);
    await db.items.put({ ...row, equipped: true });
    expect(await db.items.count()).toBe(1);
    expect(await db.items.get([USER, 'sword_cursor'])).toMatchObject({ equipped: true });
  });

  it('turns a full disk into a clear message and keeps nothing of the failed write', async () => {
    const { db } = freshDb();
    await db.coins.put({ user_id: USER, balance: 500, coinsGainedThisBattlePass: 500, pending: [] });
    const write = enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER }, async (ctx) => {
      await ctx.db.ledger.add({ key: 'x', user_id: USER, amt: 1, why: 'app played', created_at: '', status: 'pending' });
      await ctx.db.coins.update(USER, { balance: 501 });
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(write).rejects.toBeInstanceOf(StorageFullError);
    await expect(write).rejects.toThrow(STORAGE_FULL_MESSAGE);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.ledger.count()).toBe(0);
    expect((await db.coins.get(USER))?.balance).toBe(500);
  });

  it('recognises a quota failure however Dexie wraps it', async () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isQuotaExceeded(quota)).toBe(true);
    expect(isQuotaExceeded(new Dexie.AbortError('Transaction aborted', quota))).toBe(true);
    expect(isQuotaExceeded(new Dexie.ConstraintError('Key already exists'))).toBe(false);
    await expect(guardQuota(() => Promise.reject(new Dexie.AbortError('aborted', quota)))).rejects.toBeInstanceOf(StorageFullError);
    await expect(guardQuota(() => Promise.reject(new Dexie.ConstraintError('dup')))).rejects.toBeInstanceOf(Dexie.ConstraintError);
  });
});
