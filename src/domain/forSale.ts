interface SaleFields {
  listed: boolean;
  price: number | null;
  type: string;
}

/**
 * Whether coins buy it here: listed items with a price. Battle-pass rewards are earned on the pass;
 * Dabloon packs are never for sale for coins (coins do not buy coins), so the shop shows them as
 * "not for sale" rather than hide what the spec lists.
 */
export function isForSale<T extends SaleFields>(item: T): item is T & { price: number } {
  return item.listed && item.price !== null && item.type !== 'coin';
}

/** What the store shows: items for sale and the Dabloon packs; season rewards belong to the pass. */
export function isInStore(item: SaleFields & { battlepass_season: number | null }): boolean {
  return isForSale(item) || (item.type === 'coin' && item.battlepass_season === null);
}
