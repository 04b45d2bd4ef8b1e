import type { OptimisticEffect } from '../../sync/effects.ts';
import { MutationRefused } from '../../sync/effects.ts';
import { applyTransaction } from '../../domain/coins.ts';
import { ITEM_ALREADY_OWNED } from '../../domain/messages.ts';

export interface TierReward {
  season: number;
  tier: number;
  itemId: string;
  itemType: string;
  /** For a Dabloon pack: the coins it credits (no streak bonus, as on the server). */
  packCoins: number | null;
  /** Coins still to gain this season; above 0 the server would refuse, so nothing is queued. */
  remaining: number;
}

/** The server's words for a tier not reached yet (claim_battlepass_tier). */
export function tierNotReached(remaining: number, tier: number): string {
  return `Gain ${remaining} more coins this season to reach tier ${tier}.`;
}

/**
 * The optimistic result of claiming a tier: the reward shows in the collection (pending), and a
 * Dabloon pack's coins show in the balance, until the server confirms or refuses. It follows the
 * conventions of sync/effects.ts, so the engine's confirm and rollback settle it like any other.
 */
export function claimTierEffect(reward: TierReward): OptimisticEffect {
  return async ({ db, userId, opId, now }) => {
    if (reward.remaining > 0) throw new MutationRefused(tierNotReached(reward.remaining, reward.tier));
    if (await db.items.get([userId, reward.itemId])) throw new MutationRefused(ITEM_ALREADY_OWNED);
    await db.items.add({ user_id: userId, item: reward.itemId, type: reward.itemType, created_at: now.toISOString(), equipped: false, pendingOpId: opId });
    if (reward.packCoins !== null && reward.packCoins > 0) {
      await db.ledger.add({
        key: `${opId}:0`,
        user_id: userId,
        amt: reward.packCoins,
        why: `battle pass season ${reward.season} tier ${reward.tier}`,
        created_at: now.toISOString(),
        status: 'pending',
        opId,
      });
      const coins = await db.coins.get(userId);
      if (coins) {
        const next = applyTransaction({ coins: coins.balance, coinsGainedThisBattlePass: coins.coinsGainedThisBattlePass }, reward.packCoins);
        await db.coins.put({ ...coins, balance: next.coins, coinsGainedThisBattlePass: next.coinsGainedThisBattlePass, pending: [...coins.pending, opId] });
      }
    }
    return { unlocked: [reward.itemId] };
  };
}
