import { dashesToSpaces } from './slug.ts';

/** The app a /class/{title} path names: titles match ignoring case, and dashes read as spaces. */
export function findAppByTitle<T extends { title: string }>(apps: readonly T[], title: string): T | undefined {
  const wanted = dashesToSpaces(title).trim().toLowerCase();
  return apps.find((entry) => dashesToSpaces(entry.title).trim().toLowerCase() === wanted);
}
