import type { ItemRow, MutationKind, OutboxItem, PortalDB, UndoRecord } from '../data/db.ts';
import { applyTransaction, canAfford, COIN_REWARDS, TIME_SPENT_INCREMENT, withStreakBonus, type CoinReward } from '../domain/coins.ts';
import { setEquipped } from '../domain/equip.ts';
import { ITEM_ALREADY_OWNED, ITEM_NOT_FOUND, NOT_ENOUGH_COINS, STREAK_CLAIM_TOO_SOON } from '../domain/messages.ts';
import { applyClaim, canClaim, effectiveCurrentStreak } from '../domain/streak.ts';
import { validateAbout, validateUsername } from '../domain/profileFields.ts';

/**
 * The optimistic local result of each mutation, applied inside the enqueue transaction, and its
 * two endings: confirm (the server agreed) and revert (the server refused).
 */

export interface EffectContext {
  db: PortalDB;
  userId: string;
  opId: string;
  now: Date;
}

export type OptimisticEffect = (ctx: EffectContext, args: Record<string, unknown>) => Promise<UndoRecord>;

/**
 * The device already knows the server would say no: nothing is queued, and the message (the spec's
 * text, the same the server would give) is for the user. enqueue's only other failure is StorageFullError.
 */
export class MutationRefused extends Error {
  override readonly name = 'MutationRefused';
}

/** The reasons the server writes into coins_transactions (the streak bonus suffix is added by withStreakBonus). */
export const LEDGER_REASONS = {
  claim_streak: 'streak claim',
  record_app_played: 'app played',
  increment_time_spent: 'time spent',
  buy_item: (itemId: string) => `bought ${itemId}`,
} as const;

/** Every table an effect, a confirmation or a revert may touch; enqueue adds the outbox. */
export function effectTables(db: PortalDB) {
  return [db.coins, db.ledger, db.streak, db.items, db.profile, db.shopItems];
}

function stringArg(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value === '') throw new MutationRefused(`${name} is missing`);
  return value;
}

async function runningStreak(ctx: EffectContext): Promise<number> {
  const streak = await ctx.db.streak.get(ctx.userId);
  return streak ? effectiveCurrentStreak(streak, ctx.now) : 0;
}

/**
 * Adds a pending ledger row and, when the balance is known on this device, moves it; coins.pending
 * then lists this mutation, which is how confirm and revert know whether there is an amount to settle.
 */
async function addLedger(ctx: EffectContext, reward: CoinReward): Promise<void> {
  const { db, userId, opId, now } = ctx;
  await db.ledger.add({
    key: `${opId}:0`,
    user_id: userId,
    amt: reward.amt,
    why: reward.why,
    created_at: now.toISOString(),
    status: 'pending',
    opId,
  });
  const coins = await db.coins.get(userId);
  // Without a known balance there is nothing to move; the refresh after sync brings the real one.
  if (!coins) return;
  const next = applyTransaction({ coins: coins.balance, coinsGainedThisBattlePass: coins.coinsGainedThisBattlePass }, reward.amt);
  await db.coins.put({
    ...coins,
    balance: next.coins,
    coinsGainedThisBattlePass: next.coinsGainedThisBattlePass,
    pending: [...coins.pending, opId],
  });
}

async function addToProfile(ctx: EffectContext, delta: { apps_played?: number; time_spent?: number }): Promise<UndoRecord['profileDelta']> {
  const profile = await ctx.db.profile.get(ctx.userId);
  if (!profile) return undefined;
  await ctx.db.profile.put({
    ...profile,
    apps_played: profile.apps_played + (delta.apps_played ?? 0),
    time_spent: profile.time_spent + (delta.time_spent ?? 0),
  });
  return delta;
}

async function reward(ctx: EffectContext, amt: number, why: string, currentStreak?: number): Promise<void> {
  const streak = currentStreak ?? (await runningStreak(ctx));
  await addLedger(ctx, withStreakBonus({ amt, why }, streak));
}

export const effects: Record<MutationKind, OptimisticEffect> = {
  async claim_streak(ctx) {
    const previous = (await ctx.db.streak.get(ctx.userId)) ?? null;
    const before = previous ?? { current_streak: 0, longest_streak: 0, last_claim: null };
    if (!canClaim(before.last_claim, ctx.now)) throw new MutationRefused(STREAK_CLAIM_TOO_SOON);
    const next = applyClaim(before, ctx.now);
    // As on the server, the bonus depends on whether the streak was running BEFORE this claim.
    await reward(ctx, COIN_REWARDS.streakClaim, LEDGER_REASONS.claim_streak, effectiveCurrentStreak(before, ctx.now));
    await ctx.db.streak.put({ user_id: ctx.userId, ...next, pendingOpId: ctx.opId });
    return { streak: previous };
  },

  // apps_played counts distinct apps on the server, which this device cannot tell; only the coin moves.
  async record_app_played(ctx) {
    await reward(ctx, COIN_REWARDS.appPlayed, LEDGER_REASONS.record_app_played);
    return {};
  },

  async increment_time_spent(ctx, args) {
    const increment = typeof args.increment_value === 'number' ? args.increment_value : TIME_SPENT_INCREMENT;
    const profileDelta = await addToProfile(ctx, { time_spent: increment });
    await reward(ctx, COIN_REWARDS.timeSpent, LEDGER_REASONS.increment_time_spent);
    return profileDelta ? { profileDelta } : {};
  },

  async buy_item(ctx, args) {
    const { db, userId, opId, now } = ctx;
    const itemId = stringArg(args, 'p_item_id');
    const shopItem = await db.shopItems.get(itemId);
    // Unlisted items (battle-pass rewards, Dabloon packs) are not for sale: the server says the same.
    if (!shopItem || !shopItem.listed || shopItem.price === null) throw new MutationRefused(ITEM_NOT_FOUND);
    const price = shopItem.price;
    if (await db.items.get([userId, itemId])) throw new MutationRefused(ITEM_ALREADY_OWNED);
    const coins = await db.coins.get(userId);
    if (coins && !canAfford(coins.balance, price)) throw new MutationRefused(NOT_ENOUGH_COINS);
    await addLedger(ctx, { amt: -price, why: LEDGER_REASONS.buy_item(itemId) });
    await db.items.add({ user_id: userId, item: itemId, type: shopItem.type, created_at: now.toISOString(), equipped: false, pendingOpId: opId });
    return { unlocked: [itemId] };
  },

  async set_item_equipped(ctx, args) {
    const { db, userId, opId } = ctx;
    const itemId = stringArg(args, 'p_item_id');
    const equipped = args.p_equipped !== false;
    const owned = await db.items.where('user_id').equals(userId).toArray();
    const result = setEquipped(owned, itemId, equipped);
    if (!result.ok) throw new MutationRefused(result.reason);
    const changed: ItemRow[] = [];
    const previous: { item: string; equipped: boolean }[] = [];
    result.items.forEach((row, i) => {
      const before = owned[i];
      if (before && row !== before) {
        changed.push({ ...row, pendingOpId: opId });
        previous.push({ item: before.item, equipped: before.equipped });
      }
    });
    await db.items.bulkPut(changed);
    return { equipped: previous };
  },

  // Which item a tier unlocks is the server's call (season rules); the claim shows as pending until then.
  async claim_battlepass_tier() {
    return {};
  },

  // A submission changes no local state; the leaderboard refresh shows it once the server has it.
  async submit_score() {
    return {};
  },

  // The form sends every editable field, so the local row takes them as they are; the server checks
  // uniqueness, which this device cannot, and a refusal puts the old values back.
  async update_profile(ctx, args) {
    const username = stringArg(args, 'p_username');
    const problem = validateUsername(username) ?? validateAbout(args.p_user_about);
    if (problem !== null) throw new MutationRefused(problem);
    const profile = await ctx.db.profile.get(ctx.userId);
    if (!profile) return {};
    const icon = typeof args.p_icon === 'string' && args.p_icon !== '' ? args.p_icon : profile.icon;
    const about = typeof args.p_user_about === 'string' && args.p_user_about !== '' ? args.p_user_about : null;
    await ctx.db.profile.put({ ...profile, username, icon, user_about: about });
    return { profileFields: { username: profile.username, icon: profile.icon, user_about: profile.user_about } };
  },

  // The chat page shows queued messages straight from the outbox; the room itself is not mirrored.
  async send_chat_message() {
    return {};
  },
};

function withoutPending<T extends { pendingOpId?: string }>(row: T): T {
  const copy = { ...row };
  delete copy.pendingOpId;
  return copy;
}

async function settleLedger(db: PortalDB, item: OutboxItem, status: 'confirmed' | 'rolled_back'): Promise<void> {
  const entries = await db.ledger.where('opId').equals(item.id).toArray();
  const pending = entries.filter((e) => e.status === 'pending');
  if (pending.length > 0) await db.ledger.bulkPut(pending.map((e) => ({ ...e, status })));

  const coins = await db.coins.get(item.userId);
  if (!coins || !coins.pending.includes(item.id)) return;
  let { balance, coinsGainedThisBattlePass } = coins;
  if (status === 'rolled_back') {
    for (const e of pending) {
      balance -= e.amt;
      if (e.amt > 0) coinsGainedThisBattlePass -= e.amt;
    }
  }
  await db.coins.put({ ...coins, balance, coinsGainedThisBattlePass, pending: coins.pending.filter((id) => id !== item.id) });
}

/**
 * The server applied these mutations: their local effects stay, no longer marked pending. A drain
 * confirms a hundred at a time, so each table is read and written once for the whole batch, not
 * once per mutation (the coins row's pending list alone holds every queued id).
 */
export async function confirmEffects(db: PortalDB, confirmed: readonly OutboxItem[]): Promise<void> {
  if (confirmed.length === 0) return;
  const ids = confirmed.map((item) => item.id);
  const done = new Set(ids);

  const entries = await db.ledger.where('opId').anyOf(ids).toArray();
  const pending = entries.filter((e) => e.status === 'pending');
  if (pending.length > 0) await db.ledger.bulkPut(pending.map((e) => ({ ...e, status: 'confirmed' as const })));

  const items = await db.items.where('pendingOpId').anyOf(ids).toArray();
  if (items.length > 0) await db.items.bulkPut(items.map(withoutPending));

  for (const userId of new Set(confirmed.map((item) => item.userId))) {
    const coins = await db.coins.get(userId);
    if (coins && coins.pending.some((id) => done.has(id))) {
      await db.coins.put({ ...coins, pending: coins.pending.filter((id) => !done.has(id)) });
    }
    const streak = await db.streak.get(userId);
    if (streak?.pendingOpId !== undefined && done.has(streak.pendingOpId)) await db.streak.put(withoutPending(streak));
  }
}

/**
 * The server refused the mutation: take back exactly what its effect did. Rows that something newer
 * has rewritten since (a refresh from the server) are left for the app's reconcile to settle.
 */
export async function rollback(db: PortalDB, item: OutboxItem): Promise<void> {
  const undo = item.undo ?? {};
  await settleLedger(db, item, 'rolled_back');

  for (const itemId of undo.unlocked ?? []) {
    const row = await db.items.get([item.userId, itemId]);
    if (row && row.pendingOpId !== undefined) await db.items.delete([item.userId, itemId]);
  }
  for (const before of undo.equipped ?? []) {
    const row = await db.items.get([item.userId, before.item]);
    if (row?.pendingOpId === item.id) await db.items.put({ ...withoutPending(row), equipped: before.equipped });
  }
  if (undo.streak !== undefined) {
    const row = await db.streak.get(item.userId);
    if (row?.pendingOpId === item.id) {
      if (undo.streak === null) await db.streak.delete(item.userId);
      else await db.streak.put({ ...undo.streak });
    }
  }
  if (undo.profileFields) {
    const profile = await db.profile.get(item.userId);
    if (profile) await db.profile.put({ ...profile, ...undo.profileFields });
  }
  if (undo.profileDelta) {
    const profile = await db.profile.get(item.userId);
    if (profile) {
      await db.profile.put({
        ...profile,
        apps_played: profile.apps_played - (undo.profileDelta.apps_played ?? 0),
        time_spent: profile.time_spent - (undo.profileDelta.time_spent ?? 0),
      });
    }
  }
}
