import { toSlug } from '../../domain/slug.ts';
import type { CatalogueApp } from './catalogueApps.ts';

/** The distinct categories of `apps`, in order of first appearance, each with its path. */
export function categoriesOf(apps: CatalogueApp[]): { name: string; path: string }[] {
  const seen = new Map<string, string>();
  for (const app of apps) {
    const path = toSlug(app.category);
    if (!seen.has(path)) seen.set(path, categoryLabel(app.category));
  }
  return [...seen].map(([path, name]) => ({ name, path }));
}

/** The apps whose category's slug is `/<segment>` (the variant layout's /{category} route). */
export function appsInCategory(apps: CatalogueApp[], segment: string): CatalogueApp[] {
  const path = toSlug(segment);
  return apps.filter((app) => toSlug(app.category) === path);
}

/** How a category reads on screen: the server keeps them lower case ('puzzle'), students see 'Puzzle'. */
export function categoryLabel(category: string): string {
  return category.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}
