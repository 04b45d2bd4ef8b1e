/** Retry delays for the sync engine: 200 ms, doubling, capped; reset when the network returns. */

export const BACKOFF_BASE_MS = 200;
export const BACKOFF_MAX_MS = 30_000;

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /**
   * Fraction of each delay to randomise (0 to 1), so tabs and devices that lost the network
   * together do not all come back in the same millisecond. 0 (the default) is deterministic.
   */
  jitter?: number;
  random?: () => number;
}

export interface Backoff {
  /** The delay before the next attempt; each call doubles the following one up to the cap. */
  next(): number;
  reset(): void;
  readonly attempt: number;
}

export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? BACKOFF_BASE_MS;
  const max = options.maxMs ?? BACKOFF_MAX_MS;
  // The exponent is clamped so a week-long outage cannot reach Infinity or NaN.
  const delay = Math.min(max, base * 2 ** Math.min(attempt, 52));
  const jitter = options.jitter ?? 0;
  if (jitter <= 0) return delay;
  const random = options.random ?? Math.random;
  return Math.round(delay * (1 - jitter + jitter * random()));
}

export function createBackoff(options: BackoffOptions = {}): Backoff {
  let attempt = 0;
  return {
    next() {
      const delay = backoffDelay(attempt, options);
      attempt += 1;
      return delay;
    },
    reset() {
      attempt = 0;
    },
    get attempt() {
      return attempt;
    },
  };
}
