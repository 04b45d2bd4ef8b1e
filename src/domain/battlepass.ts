import { parseInstant } from './instant.ts';

export interface SeasonTier {
  tier: number;
  /** Coins gained during the season needed to reach this tier. */
  coins_required: number;
  item_id: string;
}

export interface Season {
  season: number;
  name: string;
  /** First instant of the season, inclusive; zone-less ISO text is UTC. */
  starts_at: string;
  /** First instant after the season, exclusive; zone-less ISO text is UTC. */
  ends_at: string;
  tiers: readonly SeasonTier[];
}

export type SeasonStatus = 'upcoming' | 'running' | 'ended';

export interface TierProgress {
  tier: number;
  reached: boolean;
  /** How far the coins gained have come from the previous tier's requirement to this one, in [0, 1]. */
  fraction: number;
}

export interface NextTier extends SeasonTier {
  /** Coins still to gain to reach it. */
  remaining: number;
}

export interface SeasonProgress {
  tiers: TierProgress[];
  /** The first tier not reached yet, or null when every tier is reached. */
  next: NextTier | null;
}

/**
 * The seasonal reward track. Season 2 (Halloween): its rewards are the season-2 items of the catalogue.
 * It runs from the start of 1 October 2025 UTC up to, not including, 15 November 2025 UTC.
 */
export const HOLLOWED_PASS = {
  season: 2,
  name: 'Hollowed Pass',
  starts_at: '2025-10-01',
  ends_at: '2025-11-15',
} as const satisfies Omit<Season, 'tiers'>;

function instant(text: string, field: string): number {
  const ms = parseInstant(text);
  if (Number.isNaN(ms)) throw new RangeError(`season ${field} is not an ISO date: ${JSON.stringify(text)}`);
  return ms;
}

/** Throws RangeError when a date of the season (or `now`) is unreadable: a broken season must not look open. */
export function seasonStatus(season: Pick<Season, 'starts_at' | 'ends_at'>, now: Date): SeasonStatus {
  const at = now.getTime();
  if (Number.isNaN(at)) throw new RangeError('now is not a valid date');
  if (at < instant(season.starts_at, 'starts_at')) return 'upcoming';
  return at < instant(season.ends_at, 'ends_at') ? 'running' : 'ended';
}

/** Progress along the season's tiers, in tier order, for `coinsGained` this season (negative or NaN counts as 0). */
export function tierProgress(season: Pick<Season, 'tiers'>, coinsGained: number): SeasonProgress {
  const coins = Number.isNaN(coinsGained) || coinsGained < 0 ? 0 : coinsGained;
  const ordered = [...season.tiers].sort((a, b) => a.tier - b.tier);
  let previousRequired = 0;
  let next: NextTier | null = null;
  const tiers = ordered.map((entry): TierProgress => {
    const reached = coins >= entry.coins_required;
    const span = entry.coins_required - previousRequired;
    const fraction = reached ? 1 : span <= 0 ? 0 : Math.min(1, Math.max(0, (coins - previousRequired) / span));
    previousRequired = Math.max(previousRequired, entry.coins_required);
    if (!reached && next === null) next = { ...entry, remaining: entry.coins_required - coins };
    return { tier: entry.tier, reached, fraction };
  });
  return { tiers, next };
}
