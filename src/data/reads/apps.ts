import { byTitle } from '../../domain/titleOrder.ts';
import type { AppRow, RetiredAppRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';


/** The app list as mirrored, ordered by title as the spec's list is. */
export async function readApps(source: DataSource): Promise<AppRow[]> {
  return (await partsOf(source).db.apps.toArray()).sort(byTitle);
}

/** The entries an operator retired, as the last refresh found them. */
export async function readRetiredApps(source: DataSource): Promise<RetiredAppRow[]> {
  return (await partsOf(source).db.retiredApps.toArray()).sort(byTitle);
}
