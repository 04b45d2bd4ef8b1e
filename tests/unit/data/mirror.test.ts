import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putApps, putServerCoins, putServerItems, putServerLedger, putServerProfile, putServerStreak } from '../../../src/data/mirror.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { freshDb, USER } from '../sync/fakes.ts';
import { PROFILE, seedUser } from '../sync/seed.ts';

const NOW = new Date('2025-10-10T12:00:00Z');

describe('refreshing the mirror from the server', () => {
  it('keeps pending purchases and claims on top of fresh server numbers', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });

    // Meanwhile the server, which has not seen either, reports 1500 coins and one other item.
    await putServerCoins(db, USER, { coins: 1500, coinsGainedThisBattlePass: 1500 });
    await putServerItems(db, USER, [{ user_id: USER, item: 'duck_icon', type: 'icon', created_at: '2025-09-03', equipped: false }]);
    await putServerStreak(db, USER, { current_streak: 0, longest_streak: 2, last_claim: null });
    await putServerLedger(db, USER, [{ id: 7, amt: 1500, why: 'welcome', created_at: '2025-09-01' }]);

    const coins = await db.coins.get(USER);
    expect(coins?.balance).toBe(1500 + 100 - 800);
    expect([...coins!.pending].sort()).toEqual([claim.id, buy.id].sort());
    expect((await db.items.where('user_id').equals(USER).toArray()).map((i) => i.item).sort()).toEqual(['duck_icon', 'sword_cursor']);
    expect(await db.streak.get(USER)).toMatchObject({ current_streak: 1, pendingOpId: claim.id });
    const ledger = new Map((await db.ledger.toArray()).map((e) => [e.key, e.status]));
    expect(ledger).toEqual(
      new Map([
        [`${buy.id}:0`, 'pending'],
        [`${claim.id}:0`, 'pending'],
        ['srv:7', 'confirmed'],
      ]),
    );
  });

  it('takes the server rows as they are once nothing is waiting', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.items.put({ user_id: USER, item: 'gone', type: 'cursor', created_at: '2025-09-01', equipped: true });
    await putServerCoins(db, USER, { coins: 42, coinsGainedThisBattlePass: 50 });
    await putServerItems(db, USER, []);
    await putServerProfile(db, { ...PROFILE, apps_played: 9 });
    expect(await db.coins.get(USER)).toEqual({ user_id: USER, balance: 42, coinsGainedThisBattlePass: 50, pending: [] });
    expect(await db.items.count()).toBe(0);
    expect((await db.profile.get(USER))?.apps_played).toBe(9);
  });

  it('adds pending time ticks to the server profile counters', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER });
    await putServerProfile(db, { ...PROFILE, apps_played: 10, time_spent: 100 });
    // apps_played counts distinct apps, which only the server knows.
    expect(await db.profile.get(USER)).toMatchObject({ apps_played: 10, time_spent: 105 });
  });

  it('replaces the catalogue whole', async () => {
    const { db } = freshDb();
    const app = (id: string, title: string) => ({
      id,
      title,
      slug: `/${id}`,
      category: 'Arcade',
      description: '',
      thumbnail: null,
      url: `/games/${id}/index.html`,
      bundled: true,
    });
    await putApps(db, [app('a', 'Alpha'), app('b', 'Beta')]);
    await putApps(db, [app('b', 'Beta 2')]);
    expect(await db.apps.toArray()).toEqual([app('b', 'Beta 2')]);
  });

  it('rewrites only the apps that changed, and replaces a changed row whole', async () => {
    const { db } = freshDb();
    const app = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
      id,
      title,
      slug: `/${id}`,
      category: 'Arcade',
      description: '',
      thumbnail: null,
      url: `/games/${id}/index.html`,
      bundled: false,
      ...extra,
    });
    await putApps(db, [app('a', 'Alpha', { created_at: '2026-01-01T00:00:00Z' }), app('b', 'Beta'), app('c', 'Gamma')]);
    const written: string[] = [];
    db.apps.hook('creating', (id) => {
      written.push(String(id));
    });
    db.apps.hook('updating', (_changes, id) => {
      written.push(String(id));
    });
    await putApps(db, [app('a', 'Alpha'), app('b', 'Beta'), app('c', 'Gamma 2'), app('d', 'Delta')]);
    expect(written.sort()).toEqual(['a', 'c', 'd']);
    expect(await db.apps.orderBy('id').toArray()).toEqual([app('a', 'Alpha'), app('b', 'Beta'), app('c', 'Gamma 2'), app('d', 'Delta')]);
  });
});
