import type { Table } from 'dexie';
import {
  guardQuota,
  type AppRow,
  type ItemRow,
  type LedgerRow,
  type OutboxItem,
  type PortalDB,
  type ProfileRow,
  type ShopItemRow,
  type StreakRow,
} from './db.ts';

/**
 * Writers for fresh server data. The server's rows replace the mirror, and the optimistic effects of
 * mutations still waiting in the outbox are laid back on top, so a refresh never hides a pending
 * change nor counts a refused one. Each writer is one transaction: readers never see a half refresh.
 */

function write<T>(db: PortalDB, tables: Table[], body: () => Promise<T>): Promise<T> {
  return guardQuota(() => db.transaction('rw', tables, body));
}

/** Mutations of this user the server has not confirmed and not refused. */
async function waiting(db: PortalDB, userId: string): Promise<Map<string, OutboxItem>> {
  const rows = await db.outbox.where('userId').equals(userId).toArray();
  return new Map(rows.filter((r) => r.status !== 'failed').map((r) => [r.id, r]));
}

export async function putServerCoins(
  db: PortalDB,
  userId: string,
  server: { coins: number; coinsGainedThisBattlePass: number },
): Promise<void> {
  await write(db, [db.coins, db.ledger, db.outbox], async () => {
    const open = await waiting(db, userId);
    const pendingEntries = (await db.ledger.where('user_id').equals(userId).toArray()).filter(
      (e) => e.status === 'pending' && e.opId !== undefined && open.has(e.opId),
    );
    let balance = server.coins;
    let gained = server.coinsGainedThisBattlePass;
    for (const e of pendingEntries) {
      balance += e.amt;
      if (e.amt > 0) gained += e.amt;
    }
    const pending = [...new Set(pendingEntries.map((e) => e.opId!))];
    await db.coins.put({ user_id: userId, balance, coinsGainedThisBattlePass: gained, pending });
  });
}

/** Server coins_transactions rows; `id` is the server's key. Pending local rows stay beside them. */
export async function putServerLedger(
  db: PortalDB,
  userId: string,
  rows: { id: string | number; amt: number; why: string; created_at: string }[],
): Promise<void> {
  await write(db, [db.ledger], async () => {
    await db.ledger
      .where('user_id')
      .equals(userId)
      .filter((e) => e.status !== 'pending')
      .delete();
    const fresh: LedgerRow[] = rows.map((r) => ({
      key: `srv:${r.id}`,
      user_id: userId,
      amt: r.amt,
      why: r.why,
      created_at: r.created_at,
      status: 'confirmed',
    }));
    await db.ledger.bulkPut(fresh);
  });
}

export async function putServerItems(db: PortalDB, userId: string, rows: Omit<ItemRow, 'pendingOpId'>[]): Promise<void> {
  await write(db, [db.items, db.outbox], async () => {
    const open = await waiting(db, userId);
    const local = await db.items.where('user_id').equals(userId).toArray();
    const stillPending = local.filter((r) => r.pendingOpId !== undefined && open.has(r.pendingOpId));
    await db.items.where('user_id').equals(userId).delete();
    const merged = new Map<string, ItemRow>(rows.map((r) => [r.item, { ...r, user_id: userId }]));
    for (const row of stillPending) {
      const server = merged.get(row.item);
      // An unconfirmed equip marked every row it changed (the others of its type too) with the flag it wants.
      merged.set(row.item, server ? { ...server, equipped: row.equipped, pendingOpId: row.pendingOpId! } : { ...row });
    }
    await db.items.bulkPut([...merged.values()]);
  });
}

export async function putServerStreak(db: PortalDB, userId: string, row: Omit<StreakRow, 'pendingOpId' | 'user_id'> | null): Promise<void> {
  await write(db, [db.streak, db.outbox], async () => {
    const local = await db.streak.get(userId);
    if (local?.pendingOpId !== undefined && (await waiting(db, userId)).has(local.pendingOpId)) return;
    if (row) await db.streak.put({ ...row, user_id: userId });
    else await db.streak.delete(userId);
  });
}

export async function putServerProfile(db: PortalDB, row: ProfileRow): Promise<void> {
  await write(db, [db.profile, db.outbox], async () => {
    let { apps_played, time_spent, username, icon, user_about } = row;
    const open = [...(await waiting(db, row.user_id)).values()].sort((a, b) => a.seq - b.seq);
    for (const item of open) {
      apps_played += item.undo?.profileDelta?.apps_played ?? 0;
      time_spent += item.undo?.profileDelta?.time_spent ?? 0;
      // An unsent profile edit stays on screen over the server's older fields (the latest edit wins).
      if (item.kind === 'update_profile') {
        const { p_username, p_icon, p_user_about } = item.args;
        if (typeof p_username === 'string') username = p_username;
        if (typeof p_icon === 'string' && p_icon !== '') icon = p_icon;
        if (typeof p_user_about === 'string') user_about = p_user_about === '' ? null : p_user_about;
      }
    }
    await db.profile.put({ ...row, apps_played, time_spent, username, icon, user_about });
  });
}

function sameRow(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.is(left[key], right[key]));
}

/**
 * Replaces the catalogue: it becomes exactly `apps`, and apps the server no longer lists disappear.
 * Only the rows that changed are written: each IndexedDB write costs far more than reading and
 * comparing, and a refresh mostly finds the catalogue as it was.
 */
export async function putApps(db: PortalDB, apps: AppRow[]): Promise<void> {
  await write(db, [db.apps], async () => {
    const held = new Map((await db.apps.toArray()).map((row) => [row.id, row]));
    const changed = apps.filter((row) => {
      const old = held.get(row.id);
      held.delete(row.id);
      return old === undefined || !sameRow(old, row);
    });
    if (held.size > 0) await db.apps.bulkDelete([...held.keys()]);
    if (changed.length > 0) await db.apps.bulkPut(changed.map((a) => ({ ...a })));
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
