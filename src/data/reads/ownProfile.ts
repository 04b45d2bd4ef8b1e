import { ownShownProfile, type ShownProfile } from '../../domain/shownProfile.ts';
import type { ProfileRow, ShopItemRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface OwnProfile {
  row: ProfileRow;
  shown: ShownProfile;
  /** Icon items this student owns, drawn from the catalogue where it is mirrored. */
  ownedIcons: ShopItemRow[];
  items: ShopItemRow[];
}

function unknownIcon(id: string): ShopItemRow {
  return { id, name: id, description: '', preview_emoji: '🖼️', price: null, rarity: 'Common', created_at: '', type: 'icon', asset: {}, listed: false, battlepass_season: null };
}

/** The signed-in student's profile page from the mirror; null while no profile is mirrored yet. */
export async function readOwnProfile(source: DataSource, userId: string, now: Date = new Date()): Promise<OwnProfile | null> {
  const { db } = partsOf(source);
  const row = await db.profile.get(userId);
  if (!row) return null;
  const [streak, owned, items] = await Promise.all([
    db.streak.get(userId),
    db.items.where('user_id').equals(userId).toArray(),
    db.shopItems.toArray(),
  ]);
  const ownedIcons = owned.filter((item) => item.type === 'icon').map((item) => items.find((shop) => shop.id === item.item) ?? unknownIcon(item.item));
  return { row, shown: ownShownProfile(row, streak, now), ownedIcons, items };
}
