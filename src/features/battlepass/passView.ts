import { seasonStatus, tierProgress, type Season, type SeasonStatus } from '../../domain/battlepass.ts';
import { parseInstant } from '../../domain/instant.ts';
import { DAY_MS } from '../../domain/streak.ts';

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

/** The season the pass opens on: the running one (the latest if several), else the one that began last. */
export function defaultSeason<T extends Pick<Season, 'season' | 'starts_at' | 'ends_at'>>(seasons: readonly T[], now: Date): T | undefined {
  const started = seasons
    .filter((s) => seasonStatus(s, now) !== 'upcoming')
    .sort((a, b) => parseInstant(b.starts_at) - parseInstant(a.starts_at));
  return started.find((s) => seasonStatus(s, now) === 'running') ?? started[0] ?? seasons[0];
}

function days(ms: number): string {
  const whole = Math.max(1, Math.ceil(ms / DAY_MS));
  return whole === 1 ? '1 day' : `${whole} days`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The season's window in words; ends_at is exclusive, so the last day shown is the day before it. */
export function seasonWindowText(season: Pick<Season, 'starts_at' | 'ends_at'>): string {
  const lastDay = new Date(parseInstant(season.ends_at) - 1);
  return `${dateFormat.format(new Date(parseInstant(season.starts_at)))} to ${dateFormat.format(lastDay)}`;
}

export function seasonStatusText(season: Pick<Season, 'starts_at' | 'ends_at'>, now: Date): { status: SeasonStatus; text: string } {
  const status = seasonStatus(season, now);
  if (status === 'upcoming') return { status, text: `Starts in ${days(parseInstant(season.starts_at) - now.getTime())}` };
  if (status === 'running') return { status, text: `Ends in ${days(parseInstant(season.ends_at) - now.getTime())}` };
  return { status, text: 'Ended: rewards you reached can still be claimed, and what you earned is yours to keep' };
}
