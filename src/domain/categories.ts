import { toSlug } from './slug.ts';

/**
 * The categories an operator may give a catalogue entry (`npm run catalogue -- import`), lower case as
 * the server keeps them. A fixed list keeps one category from splitting into 'Maths', 'math' and
 * 'Math ' chips, and none of them is the name of a page: the variant layout opens /{category}.
 */
export const CATALOGUE_CATEGORIES = [
  'action',
  'adventure',
  'arcade',
  'board games',
  'geography',
  'math',
  'music',
  'puzzle',
  'racing',
  'science',
  'sports',
  'strategy',
  'typing',
  'word games',
] as const;

export type CatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number];

/** The listed category a name means, ignoring case and spacing ('Board  Games' -> 'board games'), or null. */
export function knownCategory(name: string): CatalogueCategory | null {
  const path = toSlug(name);
  return CATALOGUE_CATEGORIES.find((category) => toSlug(category) === path) ?? null;
}

/** The distinct categories of `apps`, in order of first appearance, each with its path. */
export function categoriesOf(apps: readonly { category: string }[]): { name: string; path: string }[] {
  const seen = new Map<string, string>();
  for (const app of apps) {
    const path = toSlug(app.category);
    if (!seen.has(path)) seen.set(path, categoryLabel(app.category));
  }
  return [...seen].map(([path, name]) => ({ name, path }));
}

/** The apps whose category's slug is `/<segment>` (the variant layout's /{category} route). */
export function appsInCategory<T extends { category: string }>(apps: readonly T[], segment: string): T[] {
  const path = toSlug(segment);
  return apps.filter((app) => toSlug(app.category) === path);
}

/** How a category reads on screen: the server keeps them lower case ('puzzle'), students see 'Puzzle'. */
export function categoryLabel(category: string): string {
  return category.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}
