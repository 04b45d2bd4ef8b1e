import { seasonStatus, type Season } from './battlepass.ts';
import { parseInstant } from './instant.ts';

/** The season the pass opens on: the running one (the latest if several), else the one that began last. */
export function defaultSeason<T extends Pick<Season, 'season' | 'starts_at' | 'ends_at'>>(seasons: readonly T[], now: Date): T | undefined {
  const started = seasons
    .filter((s) => seasonStatus(s, now) !== 'upcoming')
    .sort((a, b) => parseInstant(b.starts_at) - parseInstant(a.starts_at));
  return started.find((s) => seasonStatus(s, now) === 'running') ?? started[0] ?? seasons[0];
}
