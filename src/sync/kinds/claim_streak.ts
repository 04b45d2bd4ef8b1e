import type { StreakRow } from '../../store/db.ts';
import { COIN_REWARDS, withStreakBonus } from '../../domain/coins.ts';
import { STREAK_CLAIM_TOO_SOON } from '../../domain/messages.ts';
import { applyClaim, canClaim, effectiveCurrentStreak } from '../../domain/streak.ts';
import { moveCoins, MutationRefused, restoreMark, takeBackCoins, type CoinMove } from '../effects.ts';
import type { MutationKindModule } from './kind.ts';

/** The daily streak claim: the streak moves on and 100 Dabloons (doubled while a streak runs) come in. */

export interface ClaimStreakUndo {
  /** The streak row before the claim; null when there was none. */
  streak: StreakRow | null;
  coins: CoinMove;
}

export const claimStreak = {
  label: 'Streak claim',
  target: () => null,
  check: () => null,

  async apply(view, _args, ctx) {
    const previous = (await view.streak()) ?? null;
    const before = previous ?? { current_streak: 0, longest_streak: 0, last_claim: null };
    if (!canClaim(before.last_claim, ctx.now)) throw new MutationRefused(STREAK_CLAIM_TOO_SOON);
    // As on the server, the bonus depends on whether the streak was running BEFORE this claim.
    const reward = withStreakBonus({ amt: COIN_REWARDS.streakClaim, why: 'streak claim' }, effectiveCurrentStreak(before, ctx.now));
    const coins = await moveCoins(view, ctx, reward);
    view.setStreak({ user_id: ctx.userId, ...applyClaim(before, ctx.now), pendingOpId: ctx.opId });
    return { streak: previous, coins };
  },

  async undo(view, undo, _ctx, ending) {
    await takeBackCoins(view, undo.coins, ending);
    view.setStreak(undo.streak === null ? undefined : restoreMark(view, undo.streak, undo.streak.pendingOpId));
  },

  afterConfirm: null,
} satisfies MutationKindModule<'claim_streak', ClaimStreakUndo>;
