import { canAfford } from '../../domain/coins.ts';
import { ITEM_ALREADY_OWNED, ITEM_NOT_FOUND, NOT_ENOUGH_COINS } from '../../domain/messages.ts';
import { moveCoins, MutationRefused, takeBackCoins, type CoinMove } from '../effects.ts';
import { missingText, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/** A purchase from the shop: the price leaves the balance and the item joins the collection. */

export interface BuyItemUndo {
  /** The item this purchase added (it was not owned before). */
  unlocked: string;
  coins: CoinMove;
}

export const buyItem = {
  label: 'Purchase',
  target: (args) => textArg(args, 'p_item_id'),
  check: ({ args }) => missingText(args, 'p_item_id'),

  async apply(view, args, ctx) {
    const itemId = args.p_item_id;
    const shopItem = await view.shopItem(itemId);
    // Unlisted items (battle-pass rewards, Dabloon packs) are not for sale: the server says the same.
    if (!shopItem || !shopItem.listed || shopItem.price === null) throw new MutationRefused(ITEM_NOT_FOUND);
    if (await view.item(itemId)) throw new MutationRefused(ITEM_ALREADY_OWNED);
    const coins = await view.coins();
    if (coins && !canAfford(coins.balance, shopItem.price)) throw new MutationRefused(NOT_ENOUGH_COINS);
    const move = await moveCoins(view, ctx, { amt: -shopItem.price, why: `bought ${itemId}` });
    view.putItem({ user_id: ctx.userId, item: itemId, type: shopItem.type, created_at: ctx.now.toISOString(), equipped: false, pendingOpId: ctx.opId });
    return { unlocked: itemId, coins: move };
  },

  async undo(view, undo, _ctx, ending) {
    await takeBackCoins(view, undo.coins, ending);
    view.deleteItem(undo.unlocked);
  },

  afterConfirm: null,
} satisfies MutationKindModule<'buy_item', BuyItemUndo>;
