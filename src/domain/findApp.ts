import { appSlug, dashesToSpaces, toSlug } from './slug.ts';

/** The app a /class/{title} path names: titles match ignoring case, and dashes read as spaces. */
export function findAppByTitle<T extends { title: string }>(apps: readonly T[], title: string): T | undefined {
  const wanted = dashesToSpaces(title).trim().toLowerCase();
  if (wanted === '') return undefined;
  return apps.find((entry) => dashesToSpaces(entry.title).trim().toLowerCase() === wanted);
}

export interface FoundGame<T> {
  app: T;
  /** The segment is the game's readable one; otherwise the page moves to it (an old or hand-typed link). */
  readable: boolean;
}

/**
 * The game a /class/{segment} path (decoded) names, in the order that keeps every link ever given
 * working: its slug as is (the readable address); its title ignoring case (the old links were the
 * title itself); the slug of the segment ('FLAPPY HOLLOW'); then its title with dashes read as spaces.
 */
export function findGame<T extends { slug?: string | null; title: string }>(apps: readonly T[], segment: string): FoundGame<T> | undefined {
  const exact = apps.find((app) => appSlug(app) === segment);
  if (exact !== undefined) return { app: exact, readable: true };
  const title = segment.trim().toLowerCase();
  const slug = toSlug(segment).slice(1);
  const app =
    (title === '' ? undefined : apps.find((entry) => entry.title.trim().toLowerCase() === title)) ??
    (slug === '' ? undefined : apps.find((entry) => appSlug(entry) === slug)) ??
    findAppByTitle(apps, segment);
  return app === undefined ? undefined : { app, readable: false };
}
