import { toSlug } from '../../domain/slug.ts';
import type { AppEntry } from './backupApps.ts';

/** The distinct categories of `apps`, in order of first appearance, each with its path. */
export function categoriesOf(apps: AppEntry[]): { name: string; path: string }[] {
  const seen = new Map<string, string>();
  for (const app of apps) {
    const path = toSlug(app.category);
    if (!seen.has(path)) seen.set(path, app.category);
  }
  return [...seen].map(([path, name]) => ({ name, path }));
}

/** The apps whose category's slug is `/<segment>` (the variant layout's /{category} route). */
export function appsInCategory(apps: AppEntry[], segment: string): AppEntry[] {
  const path = toSlug(segment);
  return apps.filter((app) => toSlug(app.category) === path);
}
