// Counting requests per key (an address, an e-mail address) in a window, as GoTrue's rate limits
// do. A refused request learns how long until it would be let through (Retry-After).

export interface Refusal {
  retryAfterSeconds: number;
}

/** At most `limit` events per key in any `windowMs`. */
export class WindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.events.delete(key);
    else this.events.set(key, kept);
    return kept;
  }

  /** Null when the event may happen (and it is counted), else when to try again. */
  take(key: string, now = Date.now()): Refusal | null {
    const kept = this.recent(key, now);
    if (kept.length >= this.limit) return { retryAfterSeconds: Math.max(1, Math.ceil(((kept[0] as number) + this.windowMs - now) / 1000)) };
    kept.push(now);
    this.events.set(key, kept);
    if (this.events.size > 50_000) this.prune(now);
    return null;
  }

  /** How many events the key has in the window now. */
  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  /** Forgets one counted event of the key (a reserved attempt that succeeded). */
  giveBack(key: string): void {
    this.events.get(key)?.pop();
  }

  forget(key: string): void {
    this.events.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.events.keys()]) this.recent(key, now);
  }
}

export const retryAfterText = (seconds: number): string =>
  seconds < 90 ? `${Math.ceil(seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`;
