// A season's window and status as the pass page words them.
import { seasonStatus, type Season, type SeasonStatus } from './battlepass.ts';
import { parseInstant } from './instant.ts';
import { DAY_MS } from './streak.ts';

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
