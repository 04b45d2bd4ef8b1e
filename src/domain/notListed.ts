// What a game's page says when the list holds no game of its title.
import { parseInstant } from './instant.ts';

export const NOT_LISTED = 'This game is not in the list yet. It may have been renamed or removed.';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A retired game's page says so (and since when): a link to it, from a profile's recent plays say, still works. */
export function notListedText(retired: { title: string; retired_at: string } | undefined): string {
  if (retired === undefined) return NOT_LISTED;
  const at = parseInstant(retired.retired_at);
  const since = Number.isNaN(at) ? '' : ` on ${dateFormat.format(new Date(at))}`;
  return `${retired.title} was retired from the list${since}. It can no longer be played here; the scores and plays it had are kept.`;
}
