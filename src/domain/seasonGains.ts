import type { Season } from './battlepass.ts';
import { parseInstant } from './instant.ts';

/** Coins gained inside each season's window, per season number, as the server last counted them. */
export type GainedBySeason = Record<number, number>;

/** The fields of a ledger row this rule reads. */
export interface LedgerEntry {
  amt: number;
  created_at: string;
  status: 'pending' | 'confirmed' | 'rolled_back';
}

/**
 * Gains for a season as this device sees them: the server's count plus positive amounts still
 * waiting in the outbox that fall inside the season's window.
 */
export function gainedWithPending(season: Pick<Season, 'season' | 'starts_at' | 'ends_at'>, server: GainedBySeason, ledger: readonly LedgerEntry[]): number {
  const start = parseInstant(season.starts_at);
  const end = parseInstant(season.ends_at);
  let total = server[season.season] ?? 0;
  for (const row of ledger) {
    if (row.status !== 'pending' || row.amt <= 0) continue;
    const at = parseInstant(row.created_at);
    if (at >= start && at < end) total += row.amt;
  }
  return total;
}

/**
 * The server's count once `confirmed` gains are applied there: each positive amount joins every season
 * whose window holds it. The device moves a gain from "queued" into this count when the server confirms
 * it, so the pass's total neither drops at the confirmation nor waits for the next read of the server.
 */
export function withConfirmedGains(
  server: GainedBySeason,
  seasons: readonly Pick<Season, 'season' | 'starts_at' | 'ends_at'>[],
  confirmed: readonly Pick<LedgerEntry, 'amt' | 'created_at'>[],
): GainedBySeason {
  const next: GainedBySeason = { ...server };
  for (const season of seasons) {
    const start = parseInstant(season.starts_at);
    const end = parseInstant(season.ends_at);
    for (const row of confirmed) {
      if (row.amt <= 0) continue;
      const at = parseInstant(row.created_at);
      if (at >= start && at < end) next[season.season] = (next[season.season] ?? 0) + row.amt;
    }
  }
  return next;
}
