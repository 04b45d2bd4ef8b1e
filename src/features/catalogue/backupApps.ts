import { useCatalogue } from './useCatalogue.ts';

/** One entry of the app list (the bundled backup list has exactly these fields). */
export interface AppEntry {
  id: string;
  title: string;
  /** toSlug(title), e.g. '/flappy-hollow'. */
  slug: string;
  category: string;
  description: string;
  thumbnail: string;
  url: string;
  /** True when the game ships with the portal and plays offline. */
  bundled: boolean;
}

export const BACKUP_APPS_URL = '/backup-apps.json';

function isAppEntry(value: unknown): value is AppEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    ['id', 'title', 'slug', 'category', 'description', 'thumbnail', 'url'].every((key) => typeof entry[key] === 'string') &&
    typeof entry.bundled === 'boolean'
  );
}

/** The bundled backup list, ordered by title; entries of the wrong shape are skipped. */
export async function fetchBackupApps(signal?: AbortSignal): Promise<AppEntry[]> {
  const response = await fetch(BACKUP_APPS_URL, { signal });
  if (!response.ok) throw new Error(`${BACKUP_APPS_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`${BACKUP_APPS_URL} is not a list`);
  return body.filter(isAppEntry).sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}

/**
 * The app list for the catalogue pages: null while there is nothing to show yet. A thin view of
 * useCatalogue() (Dexie first, then the server, then this bundled list) for pages written against it.
 */
export function useAppList(): AppEntry[] | null {
  const { apps, loading } = useCatalogue();
  return loading ? null : apps;
}
