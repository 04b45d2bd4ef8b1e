import { toSlug } from './slug.ts';

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
