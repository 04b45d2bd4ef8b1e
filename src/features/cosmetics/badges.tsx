import { useLiveQuery } from 'dexie-react-hooks';
import type { PortalDB } from '../../data/db.ts';
import { assetOf } from '../shop/catalogue.ts';
import { RarityPill } from '../shop/ItemCard.tsx';

export interface BadgeView {
  id: string;
  name: string;
  description: string;
  /** The badge's emoji (asset.icon, else its preview emoji). */
  icon: string;
  /** Its picture under /cosmetics/badges/, when it has one. */
  url: string | null;
  rarity: string;
}

/**
 * A user's badges, from Dexie only: their unlocked badge items (known for the signed-in student) and
 * the badges of their profile row (my_users for oneself, public_profiles for others). Unknown ids,
 * e.g. before the catalogue is mirrored, are skipped. Undefined while reading.
 */
export function useEquippedBadges(db: PortalDB | null, userId: string | null | undefined): BadgeView[] | undefined {
  return useLiveQuery(async () => {
    if (db === null || !userId) return [];
    const [items, own, other] = await Promise.all([
      db.items.where('user_id').equals(userId).filter((i) => i.type === 'badge').toArray(),
      db.profile.get(userId),
      db.publicProfiles.get(userId),
    ]);
    const ids = [...new Set([...items.map((i) => i.item), ...(own?.badges ?? []), ...(other?.badges ?? [])])];
    const rows = await db.shopItems.bulkGet(ids);
    return rows.flatMap((row): BadgeView[] => {
      if (!row || row.type !== 'badge') return [];
      const asset = assetOf(row);
      return [{ id: row.id, name: row.name, description: row.description, icon: asset.icon ?? row.preview_emoji, url: asset.url ?? null, rarity: row.rarity }];
    });
  }, [db, userId]);
}

/** The badges as a row of small tiles, for the profile page. */
export function BadgeList({ db, userId }: { db: PortalDB | null; userId: string | null | undefined }) {
  const badges = useEquippedBadges(db, userId);
  if (!badges || badges.length === 0) return null;
  return (
    <ul className="badge-list" data-testid="badge-list" aria-label="Badges" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', padding: 0 }}>
      {badges.map((badge) => (
        <li key={badge.id} title={`${badge.name}: ${badge.description}`} data-testid={`badge-${badge.id}`} style={{ display: 'flex', alignItems: 'center', gap: '0.35rem' }}>
          {badge.url ? <img src={badge.url} alt="" width={28} height={28} /> : <span aria-hidden="true">{badge.icon}</span>}
          <span>{badge.name}</span>
          <RarityPill rarity={badge.rarity} />
        </li>
      ))}
    </ul>
  );
}
