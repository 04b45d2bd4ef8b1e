import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { PortalDB } from '../../../src/store/db.ts';
import { guardQuota, isQuotaExceeded, STORAGE_FULL_MESSAGE, StorageFullError } from '../../../src/store/quota.ts';
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
        'chatMessages',
        'coins',
        'favourites',
        'gameSaves',
        'items',
        'leaderboards',
        'ledger',
        'outbox',
        'profile',
        'publicProfiles',
        'retiredApps',
        'shopItems',
        'streak',
      ].sort(),
    );
  });

  it('upgrades a device still on the first schema without losing its rows or its outbox', async () => {
    const indexedDB = new IDBFactory();
    const first = new Dexie('portal-upgrade', { indexedDB, IDBKeyRange });
    // The first schema exactly as devices in the field hold it.
    first.version(1).stores({
      apps: 'id, title, category',
      profile: 'user_id',
      publicProfiles: 'user_id',
      items: '[user_id+item], user_id, pendingOpId',
      shopItems: 'id, type, listed',
      coins: 'user_id',
      ledger: 'key, user_id, opId, status',
      streak: 'user_id',
      leaderboards: 'key',
      cache: 'key',
      outbox: '++seq, &id, userId, status, [userId+status]',
      favourites: '[user_id+app_id], user_id',
    });
    await first.table('coins').put({ user_id: USER, balance: 700, coinsGainedThisBattlePass: 700, pending: [] });
    await first.table('outbox').add({ id: 'queued-claim', kind: 'claim_streak', args: {}, userId: USER, createdAt: 1, attempts: 0, status: 'queued', lastError: null });
    first.close();

    const upgraded = new PortalDB('portal-upgrade', { indexedDB, IDBKeyRange });
    expect((await upgraded.coins.get(USER))?.balance).toBe(700);
    expect((await upgraded.outbox.where('id').equals('queued-claim').first())?.status).toBe('queued');
    await upgraded.chatMessages.put({ viewer: USER, id: 1, user_id: USER, username: null, icon: null, body: 'hi', created_at: '2026-01-01T00:00:00Z', client_id: null });
    expect(await upgraded.chatMessages.where('viewer').equals(USER).count()).toBe(1);
    await upgraded.gameSaves.put({ owner: USER, gameId: '2048', state: '{}', bytes: 2, updatedAt: 1, deviceId: 'd', baseVersion: null });
    expect(await upgraded.gameSaves.where('owner').equals(USER).count()).toBe(1);
    await upgraded.retiredApps.put({ id: 'old-game', title: 'Old Game', retired_at: '2026-11-26T00:00:00Z' });
    expect(await upgraded.retiredApps.count()).toBe(1);
    expect(upgraded.verno).toBe(4);
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
    // The disk fills up at the enqueue's last write, after its effect's ledger row and balance.
    db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const write = enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
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
