import type { PortalDB, ProfileRow, ShopItemRow } from '../../../src/data/db.ts';
import { USER } from './fakes.ts';

export const SWORD: ShopItemRow = {
  id: 'sword_cursor',
  name: 'Sword cursor',
  description: 'A sword for a pointer',
  preview_emoji: '🗡️',
  price: 800,
  rarity: 'Rare',
  created_at: '2025-09-01',
  type: 'cursor',
  asset: { url: '/items/sword.cur' },
  listed: true,
  battlepass_season: null,
};

export const CAT_BG: ShopItemRow = { ...SWORD, id: 'cat_background', name: 'Cat background', type: 'background', asset: { url: '/items/cat.png' } };

export const PROFILE: ProfileRow = {
  user_id: USER,
  icon: 'default',
  username: 'quietfox',
  created_at: '2025-09-01T00:00:00Z',
  current_streak: 0,
  longest_streak: 0,
  apps_played: 3,
  time_spent: 40,
  user_about: null,
  badges: [],
  where_from: 'school',
  who_from: null,
  last_tick_at: null,
};

/** A signed-in student with a known balance and no streak yet, as the server last reported. */
export async function seedUser(db: PortalDB, balance = 1000): Promise<void> {
  await db.shopItems.bulkPut([SWORD, CAT_BG]);
  await db.coins.put({ user_id: USER, balance, coinsGainedThisBattlePass: balance, pending: [] });
  await db.profile.put(PROFILE);
}
