import { byTitle } from '../../domain/titleOrder.ts';
import type { AppRow } from '../../store/db.ts';

export const BACKUP_APPS_URL = '/backup-apps.json';

// The columns of an apps row that the bundled list must carry (it has no created_at): checked
// against the generated type, so a renamed column breaks the build here.
const TEXT_COLUMNS = ['id', 'title', 'slug', 'category', 'description', 'thumbnail', 'url'] as const satisfies readonly (keyof AppRow)[];

function isBackupApp(value: unknown): value is AppRow {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return TEXT_COLUMNS.every((key) => typeof entry[key] === 'string') && typeof entry.bundled === 'boolean';
}

/** The bundled backup list, ordered by title; entries of the wrong shape are skipped. */
export async function fetchBackupApps(signal?: AbortSignal): Promise<AppRow[]> {
  const response = await fetch(BACKUP_APPS_URL, { signal });
  if (!response.ok) throw new Error(`${BACKUP_APPS_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`${BACKUP_APPS_URL} is not a list`);
  return body.filter(isBackupApp).sort(byTitle);
}
