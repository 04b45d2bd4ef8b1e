import { tierProgress, type Season } from './battlepass.ts';
import { formatCoins } from './coinText.ts';

/**
 * claimed: the reward is in the collection · pending: a claim waits in the outbox ·
 * claimable: reached and not claimed · locked: not reached yet.
 */
export type TierState = 'claimed' | 'pending' | 'claimable' | 'locked';

export interface TierView {
  tier: number;
  coins_required: number;
  item_id: string;
  state: TierState;
  /** 0 to 100, whole numbers: how far this tier's bar is filled. */
  percent: number;
  /** Coins still to gain, 0 once reached. */
  remaining: number;
}

/** The track as shown: every tier in order, with its fill and what the student can do with it. */
export function tierViews(
  season: Pick<Season, 'tiers'>,
  coinsGained: number,
  owned: ReadonlySet<string>,
  pendingTiers: ReadonlySet<number>,
): TierView[] {
  const progress = tierProgress(season, coinsGained);
  const byTier = new Map(season.tiers.map((t) => [t.tier, t]));
  return progress.tiers.map((p) => {
    const tier = byTier.get(p.tier)!;
    const state: TierState = owned.has(tier.item_id)
      ? 'claimed'
      : pendingTiers.has(p.tier)
        ? 'pending'
        : p.reached
          ? 'claimable'
          : 'locked';
    return {
      tier: p.tier,
      coins_required: tier.coins_required,
      item_id: tier.item_id,
      state,
      percent: Math.floor(p.fraction * 100),
      remaining: p.reached ? 0 : Math.max(0, tier.coins_required - Math.max(0, coinsGained)),
    };
  });
}

/**
 * What a tier says where it offers no claim button. Once the season has ended a tier not reached
 * can no longer be reached, so it says so instead of counting the Dabloons still "to go".
 */
export function tierStateText(view: Pick<TierView, 'state' | 'remaining'>, seasonEnded: boolean): string {
  switch (view.state) {
    case 'locked':
      return seasonEnded ? 'Not reached' : `${formatCoins(view.remaining)} to go`;
    case 'claimed':
      return 'Claimed';
    case 'pending':
      return 'Claim pending';
    case 'claimable':
      return 'Claim';
  }
}
