/** The shop item types of spec section 3. */
export const ITEM_TYPES = ['special', 'background', 'cursor', 'badge', 'font', 'coin', 'icon'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
