import type { Table } from 'dexie';
import { restack } from '../sync/rebase.ts';
import type { MirrorView } from '../store/mirrorView.ts';
import { inSyncTransaction } from '../store/syncTables.ts';
import { guardQuota } from '../store/quota.ts';
import type { AppRow, ItemRow, PortalDB, ProfileRow, RetiredAppRow, ShopItemRow, StreakRow } from '../store/db.ts';

/**
 * Writers for fresh server data, each one transaction: readers never see a half refresh. Where the
 * student's queued mutations have effects (coins, ledger, items, streak, profile), the writer lifts
 * those effects off the mirror, writes the server's rows, and lays the effects back on them (see
 * src/sync/rebase.ts), so a refresh never hides a pending change nor counts a refused one, and no
 * writer needs to know what any kind does.
 */

function write<T>(db: PortalDB, tables: Table[], body: () => Promise<T>): Promise<T> {
  return guardQuota(() => db.transaction('rw', tables, body));
}

function rebaseOnto(db: PortalDB, userId: string, base: (view: MirrorView) => Promise<void> | void): Promise<void> {
  return inSyncTransaction(db, (tables) => restack(tables, userId, { base }));
}

export async function putServerCoins(
  db: PortalDB,
  userId: string,
  server: { coins: number; coinsGainedThisBattlePass: number },
): Promise<void> {
  await rebaseOnto(db, userId, (view) => {
    view.setCoins({ user_id: userId, balance: server.coins, coinsGainedThisBattlePass: server.coinsGainedThisBattlePass, pending: [] });
  });
}

/**
 * Server coins_transactions rows; `id` is the server's key. They replace the student's ledger on this
 * device, under the pending rows of what is still queued.
 */
export async function putServerLedger(
  db: PortalDB,
  userId: string,
  rows: { id: string | number; amt: number; why: string; created_at: string }[],
): Promise<void> {
  await rebaseOnto(db, userId, async (view) => {
    for (const row of await view.ledger()) view.deleteLedger(row.key);
    for (const row of rows) {
      view.putLedger({ key: `srv:${row.id}`, user_id: userId, amt: row.amt, why: row.why, created_at: row.created_at, status: 'confirmed' });
    }
  });
}

export async function putServerItems(db: PortalDB, userId: string, rows: Omit<ItemRow, 'pendingOpId'>[]): Promise<void> {
  await rebaseOnto(db, userId, async (view) => {
    for (const row of await view.items()) view.deleteItem(row.item);
    for (const row of rows) view.putItem({ ...row, user_id: userId });
  });
}

export async function putServerStreak(db: PortalDB, userId: string, row: Omit<StreakRow, 'pendingOpId' | 'user_id'> | null): Promise<void> {
  await rebaseOnto(db, userId, (view) => {
    view.setStreak(row ? { ...row, user_id: userId } : undefined);
  });
}

export async function putServerProfile(db: PortalDB, row: ProfileRow): Promise<void> {
  await rebaseOnto(db, row.user_id, (view) => {
    view.setProfile({ ...row });
  });
}

function sameRow(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.is(left[key], right[key]));
}

/**
 * Replaces the catalogue: it becomes exactly `apps`, and apps the server no longer lists (retired ones
 * too) disappear. Only the rows that changed are written: each IndexedDB write costs far more than
 * reading and comparing, and a refresh mostly finds the catalogue as it was. With `retired`, the list
 * of retired entries is replaced in the same transaction, so no page sees an entry in both or neither.
 */
export async function putApps(db: PortalDB, apps: AppRow[], retired?: RetiredAppRow[]): Promise<void> {
  await write(db, [db.apps, db.retiredApps], async () => {
    const held = new Map((await db.apps.toArray()).map((row) => [row.id, row]));
    const changed = apps.filter((row) => {
      const old = held.get(row.id);
      held.delete(row.id);
      return old === undefined || !sameRow(old, row);
    });
    if (held.size > 0) await db.apps.bulkDelete([...held.keys()]);
    if (changed.length > 0) await db.apps.bulkPut(changed.map((a) => ({ ...a })));
    if (retired !== undefined) {
      await db.retiredApps.clear();
      await db.retiredApps.bulkPut(retired.map((r) => ({ id: r.id, title: r.title, retired_at: r.retired_at })));
    }
  });
}

export async function putShopItems(db: PortalDB, items: ShopItemRow[]): Promise<void> {
  await write(db, [db.shopItems], async () => {
    await db.shopItems.clear();
    await db.shopItems.bulkPut(items.map((i) => ({ ...i })));
  });
}

export async function putLeaderboard(db: PortalDB, key: string, rows: unknown[], now: number = Date.now()): Promise<void> {
  await write(db, [db.leaderboards], () => db.leaderboards.put({ key, rows: [...rows], fetchedAt: now }));
}
