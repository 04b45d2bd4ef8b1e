import { parseInstant } from './instant.ts';
import { STREAK_CLAIM_TOO_SOON } from './messages.ts';

export const STREAK_WINDOW_DAYS = 2;
export const CLAIM_WINDOW_DAYS = 1;
export const STREAK_CLAIM_REWARD = 100;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The streak row as the server stores it (snake_case); last_claim is an ISO timestamp. */
export interface StreakState {
  current_streak: number;
  longest_streak: number;
  last_claim: string | null;
}

export type ClaimInstant = Date | string | null | undefined;

/** Thrown by applyClaim when the claim window has not passed; check canClaim first to avoid it. */
export class StreakClaimError extends Error {
  readonly nextClaimAt: Date;

  constructor(nextClaimAt: Date) {
    super(STREAK_CLAIM_TOO_SOON);
    this.name = 'StreakClaimError';
    this.nextClaimAt = nextClaimAt;
  }
}

/** Missing or unreadable claim times count as "never claimed": the server has the final word anyway. */
function claimTime(lastClaim: ClaimInstant): number | null {
  if (lastClaim === null || lastClaim === undefined || lastClaim === '') return null;
  const ms = parseInstant(lastClaim);
  return Number.isNaN(ms) ? null : ms;
}

function nowTime(now: Date): number {
  const ms = now.getTime();
  if (Number.isNaN(ms)) throw new RangeError('now is not a valid date');
  return ms;
}

/**
 * Elapsed real time since the last claim, in fractional days; null when there is no claim.
 * Real time, not calendar days: the answer is the same in every time zone and on DST change days.
 * Negative when the claim lies in the future (a client clock behind the server's).
 */
export function daysSince(lastClaim: ClaimInstant, now: Date): number | null {
  const last = claimTime(lastClaim);
  if (last === null) return null;
  return (nowTime(now) - last) / DAY_MS;
}

/** The user has a streak when the last claim was at most STREAK_WINDOW_DAYS ago. */
export function hasStreak(lastClaim: ClaimInstant, now: Date): boolean {
  const days = daysSince(lastClaim, now);
  return days !== null && days <= STREAK_WINDOW_DAYS;
}

/** A claim is possible with no previous claim, or when the last one was MORE than CLAIM_WINDOW_DAYS ago. */
export function canClaim(lastClaim: ClaimInstant, now: Date): boolean {
  const days = daysSince(lastClaim, now);
  return days === null || days > CLAIM_WINDOW_DAYS;
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The streak to show: a lapsed streak shows 0 even before the server row is rewritten. */
export function effectiveCurrentStreak(
  state: Pick<StreakState, 'current_streak' | 'last_claim'>,
  now: Date,
): number {
  return hasStreak(state.last_claim, now) ? count(state.current_streak) : 0;
}

/**
 * The state after a claim at `now`. A lapsed streak restarts, so that claim makes it 1.
 * Throws StreakClaimError when canClaim is false, so a caller cannot record a double claim by accident.
 */
export function applyClaim(state: StreakState, now: Date): StreakState {
  if (!canClaim(state.last_claim, now)) {
    throw new StreakClaimError(nextClaimAt(state.last_claim) ?? now);
  }
  const current_streak = effectiveCurrentStreak(state, now) + 1;
  const longest_streak = Math.max(count(state.longest_streak), current_streak);
  return { current_streak, longest_streak, last_claim: now.toISOString() };
}

/**
 * The first millisecond at which canClaim turns true (the window is strict: exactly one day is not enough).
 * Null when there is no claim, meaning a claim is possible now.
 */
export function nextClaimAt(lastClaim: ClaimInstant): Date | null {
  const last = claimTime(lastClaim);
  return last === null ? null : new Date(last + CLAIM_WINDOW_DAYS * DAY_MS + 1);
}

/** The first millisecond at which hasStreak turns false; null when there is no claim and so no streak. */
export function streakLostAt(lastClaim: ClaimInstant): Date | null {
  const last = claimTime(lastClaim);
  return last === null ? null : new Date(last + STREAK_WINDOW_DAYS * DAY_MS + 1);
}
