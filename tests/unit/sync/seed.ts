import type { PortalDB, ProfileRow, ShopItemRow } from '../../../src/store/db.ts';
import { gainedCacheKey, SEASONS_CACHE_KEY, SEASONS_CACHE_VERSION } from '../../../src/store/seasonRows.ts';
import type { Season } from '../../../src/domain/battlepass.ts';
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

export const PACK: ShopItemRow = {
  ...SWORD,
  id: 's2_dabloons_500',
  name: '500 Hollowed Dabloons',
  preview_emoji: '🪙',
  price: 500,
  rarity: 'Common',
  type: 'coin',
  asset: { icon: '🪙' },
  listed: false,
  battlepass_season: 2,
};

export const GHOST: ShopItemRow = { ...PACK, id: 's2_ghost_cursor', name: 'Ghost Cursor', preview_emoji: '👻', price: null, type: 'cursor', asset: { url: '/g.svg' } };

/** The Hollowed Pass as the seasons mirror holds it (three of its tiers). */
export const HOLLOWED: Season = {
  season: 2,
  name: 'Hollowed Pass',
  starts_at: '2025-10-01T00:00:00Z',
  ends_at: '2025-11-15T00:00:00Z',
  tiers: [
    { tier: 1, coins_required: 100, item_id: 's2_pumpkin_icon' },
    { tier: 2, coins_required: 250, item_id: GHOST.id },
    { tier: 3, coins_required: 500, item_id: PACK.id },
  ],
};

/** The pass's seasons, its reward items and the server's count of this season's gains, mirrored. */
export async function seedPass(db: PortalDB, gained: number): Promise<void> {
  await db.shopItems.bulkPut([PACK, GHOST]);
  await db.cache.bulkPut([
    { key: SEASONS_CACHE_KEY, version: SEASONS_CACHE_VERSION, storedAt: 0, data: [HOLLOWED] },
    { key: gainedCacheKey(USER), version: SEASONS_CACHE_VERSION, storedAt: 0, data: { 2: gained } },
  ]);
}
