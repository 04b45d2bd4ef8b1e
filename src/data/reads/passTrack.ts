import type { Season } from '../../domain/battlepass.ts';
import { gainedWithPending } from '../../domain/seasonGains.ts';
import type { ShopItemRow } from '../../store/db.ts';
import { readGained } from '../seasons.ts';
import { partsOf, type DataSource } from '../source.ts';
import { readShopItemsById } from './shopItems.ts';

export interface PassTrack {
  /** The catalogue rows of the season's rewards. */
  items: Map<string, ShopItemRow>;
  /** Coins gained this season as the device sees them, queued gains included. */
  gained: number;
  /** Item ids the student has unlocked. */
  owned: Set<string>;
  /** Tiers whose claim waits in the outbox. */
  pending: Set<number>;
}

/** A season's track for the pass page; a signed-out visitor (null) sees the rewards with no progress. */
export async function readPassTrack(source: DataSource, userId: string | null, season: Season): Promise<PassTrack> {
  const { db } = partsOf(source);
  const items = await readShopItemsById(
    source,
    season.tiers.map((t) => t.item_id),
  );
  if (userId === null) return { items, gained: 0, owned: new Set(), pending: new Set() };
  const [server, ledger, ownedRows, queued] = await Promise.all([
    readGained(source, userId),
    db.ledger.where('user_id').equals(userId).toArray(),
    db.items.where('user_id').equals(userId).toArray(),
    db.outbox.where('userId').equals(userId).filter((o) => o.kind === 'claim_battlepass_tier' && o.status !== 'failed').toArray(),
  ]);
  return {
    items,
    gained: gainedWithPending(season, server, ledger),
    owned: new Set(ownedRows.map((r) => r.item)),
    pending: new Set(queued.filter((o) => o.args.p_season === season.season).map((o) => Number(o.args.p_tier))),
  };
}
