import type { CoinsRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** The balance as this device knows it (queued changes included, listed in `pending`); undefined before the first read. */
export function readCoins(source: DataSource, userId: string): Promise<CoinsRow | undefined> {
  return partsOf(source).db.coins.get(userId);
}
