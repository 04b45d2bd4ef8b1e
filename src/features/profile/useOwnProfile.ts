import { useLiveQuery } from 'dexie-react-hooks';
import type { PortalRuntime } from '../../app/runtime.ts';
import type { ProfileRow, ShopItemRow } from '../../data/db.ts';
import { effectiveCurrentStreak } from '../../domain/streak.ts';
import type { ShownProfile } from './profileView.tsx';

export interface OwnProfile {
  row: ProfileRow;
  shown: ShownProfile;
  ownedIcons: ShopItemRow[];
  items: ShopItemRow[];
}

/** The signed-in student's profile from the Dexie mirror (undefined while reading, null when none is mirrored yet). */
export function useOwnProfile(runtime: PortalRuntime | null, userId: string | undefined): OwnProfile | null | undefined {
  return useLiveQuery(async () => {
    if (runtime === null || userId === undefined) return undefined;
    const { db } = runtime;
    const row = await db.profile.get(userId);
    if (!row) return null;
    const [streak, owned, items] = await Promise.all([
      db.streak.get(userId),
      db.items.where('user_id').equals(userId).toArray(),
      db.shopItems.toArray(),
    ]);
    const ownedIcons = owned
      .filter((item) => item.type === 'icon')
      .map((item) => items.find((shop) => shop.id === item.item) ?? fallbackItem(item.item));
    const shown: ShownProfile = {
      ...row,
      current_streak: streak ? effectiveCurrentStreak(streak, new Date()) : row.current_streak,
      longest_streak: Math.max(row.longest_streak, streak?.longest_streak ?? 0),
    };
    return { row, shown, ownedIcons, items };
  }, [runtime, userId]);
}

function fallbackItem(id: string): ShopItemRow {
  return { id, name: id, description: '', preview_emoji: '🖼️', price: null, rarity: 'Common', created_at: '', type: 'icon', asset: {}, listed: false, battlepass_season: null };
}
