import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLoading } from '../../app/loading.tsx';

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
export const BACKUP_APPS_FAILED = 'The game list could not be loaded. Check your connection and reload the page.';

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

/** The app list for the catalogue pages: null until loaded, [] when it could not be loaded. */
export function useAppList(): AppEntry[] | null {
  const { start, done } = useLoading();
  const [apps, setApps] = useState<AppEntry[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    start('AppList');
    fetchBackupApps(controller.signal)
      .then(setApps, () => {
        if (controller.signal.aborted) return;
        setApps([]);
        toast.error(BACKUP_APPS_FAILED, { id: 'app-list-failed' });
      })
      .finally(() => {
        if (!controller.signal.aborted) done('AppList');
      });
    return () => {
      controller.abort();
      done('AppList');
    };
  }, [start, done]);
  return apps;
}
