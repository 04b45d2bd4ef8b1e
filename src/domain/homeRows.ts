// The home page's "Popular this week" and "New" rows, and the "Play next" suggestions after a game:
// which games each holds, from the catalogue and the week's ranking (get_popular_apps).
import { byTitle } from './titleOrder.ts';

/** One line of the week's ranking: an app and how many students played it in the last 7 days. */
export interface PopularEntry {
  app_id: string;
  players: number;
}

/** How many games each home row shows: one line on a Chromebook's screen. */
export const HOME_ROW_LIMIT = 8;
/** A game is new for this long after an operator added it. */
export const NEW_FOR_DAYS = 30;
/** "Play next" offers this many games at most. */
export const PLAY_NEXT_LIMIT = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The listed games of the ranking, most played first; entries of games not in the list are dropped. */
export function popularApps<T extends { id: string }>(apps: readonly T[], ranking: readonly PopularEntry[], limit = HOME_ROW_LIMIT): T[] {
  const byId = new Map(apps.map((app) => [app.id, app]));
  return ranking.flatMap((entry) => byId.get(entry.app_id) ?? []).slice(0, limit);
}

/**
 * The games added in the last NEW_FOR_DAYS, newest first (ties by title). Empty when every game is
 * that new (a portal set up this month: the row would only repeat the list) and for entries with no
 * date (the bundled backup list).
 */
export function newApps<T extends { title: string; created_at?: string | null }>(apps: readonly T[], now: number, limit = HOME_ROW_LIMIT): T[] {
  const since = now - NEW_FOR_DAYS * DAY_MS;
  const added = (app: T) => (app.created_at == null ? Number.NaN : Date.parse(app.created_at));
  const fresh = apps.filter((app) => added(app) > since);
  if (fresh.length === apps.length) return [];
  return fresh.sort((a, b) => added(b) - added(a) || byTitle(a, b)).slice(0, limit);
}

/**
 * What to play after `current`: other games of its category first (the week's most played of them
 * first, then by list order), then the week's most played of any category, then the rest of the list.
 */
export function playNext<T extends { id: string; category: string }>(
  current: T,
  apps: readonly T[],
  ranking: readonly PopularEntry[],
  limit = PLAY_NEXT_LIMIT,
): T[] {
  const rank = new Map(ranking.map((entry, i) => [entry.app_id, i]));
  const others = apps.filter((app) => app.id !== current.id);
  const sameCategory = others
    .map((app, i) => ({ app, i }))
    .filter(({ app }) => app.category === current.category)
    .sort((a, b) => (rank.get(a.app.id) ?? Infinity) - (rank.get(b.app.id) ?? Infinity) || a.i - b.i)
    .map(({ app }) => app);
  const picked = [...sameCategory, ...popularApps(others, ranking, Infinity), ...others];
  return picked.filter((app, i) => picked.indexOf(app) === i).slice(0, limit);
}
