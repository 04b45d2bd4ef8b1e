import type { LedgerRow, OutboxItem } from '../store/db.ts';
import { applyTransaction, type CoinReward } from '../domain/coins.ts';
import { effectiveCurrentStreak } from '../domain/streak.ts';
import type { SyncTables } from '../store/syncTables.ts';
import type { MirrorView } from '../store/mirrorView.ts';

/**
 * The pieces the kinds' optimistic effects are built from (a coin move, a pending mark) and the one
 * ending every effect shares: the server confirmed it, so its pending marks go.
 */

/**
 * The device already knows the server would say no: nothing is queued, and the message (the spec's
 * text, the same the server would give) is for the user. enqueue's only other failure is StorageFullError.
 */
export class MutationRefused extends Error {
  override readonly name = 'MutationRefused';
}

/** Who applies an effect, as whom, and when the student did it (a replay uses the item's own time). */
export interface EffectContext {
  userId: string;
  opId: string;
  now: Date;
}

/**
 * How an effect is taken back: 'replay' when a rebase lifts it off to lay it again over fresh data,
 * 'refused' when it ends (the server refused it, or the student discarded it), which leaves its ledger
 * rows in the history as rolled back.
 */
export type Ending = 'replay' | 'refused';

/** A ledger row an effect added, and whether the balance moved with it (it does once the balance is known). */
export interface CoinMove {
  row: LedgerRow;
  moved: boolean;
}

/** The running streak at the effect's time, which doubles every gain as it does on the server. */
export async function runningStreak(view: MirrorView, now: Date): Promise<number> {
  const streak = await view.streak();
  return streak ? effectiveCurrentStreak(streak, now) : 0;
}

/**
 * Adds a pending ledger row and, when the balance is known on this device, moves it; coins.pending
 * then lists the mutation, which is how the balance is shown as pending until the server confirms.
 */
export async function moveCoins(view: MirrorView, ctx: EffectContext, reward: CoinReward): Promise<CoinMove> {
  const row: LedgerRow = {
    key: `${ctx.opId}:0`,
    user_id: ctx.userId,
    amt: reward.amt,
    why: reward.why,
    created_at: ctx.now.toISOString(),
    status: 'pending',
    opId: ctx.opId,
  };
  view.putLedger(row);
  const coins = await view.coins();
  // Without a known balance there is nothing to move; the refresh that brings one lays this move on it.
  if (!coins) return { row, moved: false };
  const next = applyTransaction({ coins: coins.balance, coinsGainedThisBattlePass: coins.coinsGainedThisBattlePass }, reward.amt);
  view.setCoins({
    ...coins,
    balance: next.coins,
    coinsGainedThisBattlePass: next.coinsGainedThisBattlePass,
    pending: [...coins.pending, ctx.opId],
  });
  return { row, moved: true };
}

/** Exactly undoes moveCoins. */
export async function takeBackCoins(view: MirrorView, move: CoinMove, ending: Ending): Promise<void> {
  if (ending === 'refused') view.putLedger({ ...move.row, status: 'rolled_back' });
  else view.deleteLedger(move.row.key);
  if (!move.moved) return;
  const coins = await view.coins();
  const opId = move.row.opId;
  // A balance written since without this move (a test or a tool writing the table) has nothing to take back.
  if (!coins || opId === undefined || !coins.pending.includes(opId)) return;
  view.setCoins({
    ...coins,
    balance: coins.balance - move.row.amt,
    coinsGainedThisBattlePass: coins.coinsGainedThisBattlePass - Math.max(0, move.row.amt),
    pending: coins.pending.filter((id) => id !== opId),
  });
}

export function withoutMark<T extends { pendingOpId?: string }>(row: T): T {
  const copy = { ...row };
  delete copy.pendingOpId;
  return copy;
}

/**
 * A row as it was before an effect marked it: its earlier mark comes back only while that mutation
 * still waits (one confirmed since has left the row settled).
 */
export function restoreMark<T extends { pendingOpId?: string }>(view: MirrorView, row: T, mark: string | undefined): T {
  return mark !== undefined && view.isWaiting(mark) ? { ...row, pendingOpId: mark } : withoutMark(row);
}

/**
 * The server applied these mutations: their local effects stay, no longer marked pending; returns the
 * ledger entries it confirmed. A drain
 * confirms a hundred at a time, so each table is read and written once for the whole batch, not
 * once per mutation (the coins row's pending list alone holds every queued id).
 */
export async function confirmEffects(db: Omit<SyncTables, 'outbox'>, confirmed: readonly OutboxItem[]): Promise<LedgerRow[]> {
  if (confirmed.length === 0) return [];
  const ids = confirmed.map((item) => item.id);
  const done = new Set(ids);

  const entries = await db.ledger.where('opId').anyOf(ids).toArray();
  const pending = entries.filter((e) => e.status === 'pending');
  if (pending.length > 0) await db.ledger.bulkPut(pending.map((e) => ({ ...e, status: 'confirmed' as const })));

  const items = await db.items.where('pendingOpId').anyOf(ids).toArray();
  if (items.length > 0) await db.items.bulkPut(items.map(withoutMark));

  for (const userId of new Set(confirmed.map((item) => item.userId))) {
    const coins = await db.coins.get(userId);
    if (coins && coins.pending.some((id) => done.has(id))) {
      await db.coins.put({ ...coins, pending: coins.pending.filter((id) => !done.has(id)) });
    }
    const streak = await db.streak.get(userId);
    if (streak?.pendingOpId !== undefined && done.has(streak.pendingOpId)) await db.streak.put(withoutMark(streak));
  }
  return pending;
}
