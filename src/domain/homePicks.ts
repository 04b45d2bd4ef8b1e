// The top of the home page: one featured game and the picks beside it, so a first screen is games,
// not a heading and a search box. Pure: the page hands in the list and the week's ranking.
import { categoriesOf } from './categories.ts';
import type { PopularEntry } from './homeRows.ts';
import { toSlug } from './slug.ts';

/** How many games sit beside the featured one: two rows of four on a laptop, four rows of two on a phone. */
export const PICKS = 8;

export interface HomePicks<T> {
  featured: T | null;
  picks: T[];
}

/**
 * The week's most played game is featured (a portal nobody has played yet features its first game in
 * list order); the picks are the rest of the week's ranking, then the list, never repeating a game.
 */
export function homePicks<T extends { id: string }>(apps: readonly T[], ranking: readonly PopularEntry[], count = PICKS): HomePicks<T> {
  const byId = new Map(apps.map((app) => [app.id, app]));
  const ranked = ranking.flatMap((entry) => byId.get(entry.app_id) ?? []);
  const order = [...ranked, ...apps].filter((app, i, all) => all.indexOf(app) === i);
  return { featured: order[0] ?? null, picks: order.slice(1, 1 + count) };
}

/** The games of each category (as the category chips name and link them), in the chips' order, for one row each. */
export function byCategory<T extends { category: string }>(apps: readonly T[]): { name: string; path: string; apps: T[] }[] {
  return categoriesOf(apps).map(({ name, path }) => ({ name, path, apps: apps.filter((app) => toSlug(app.category) === path) }));
}
