import { gainedWithPending } from '../../domain/seasonGains.ts';
import { parseInstant } from '../../domain/instant.ts';
import { ITEM_ALREADY_OWNED, PASS_NOT_STARTED, tierNotReached } from '../../domain/messages.ts';
import { moveCoins, MutationRefused, takeBackCoins, type CoinMove } from '../effects.ts';
import { firstProblem, notWholeNumber } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A battle-pass reward: the tier's item joins the collection, and a Dabloon pack credits its coins
 * (no streak bonus, as on the server). Which item a tier gives, and whether it is reached, come from
 * the seasons, the server's count of gains and the shop items this device mirrors; where it mirrors
 * none of them, the claim is queued without showing anything and the server decides.
 */

export interface ClaimBattlepassTierUndo {
  unlocked: string;
  /** The pack's coins; null for any other reward. */
  coins: CoinMove | null;
}

export const claimBattlepassTier = {
  label: 'Hollowed Pass reward',
  target: (args) => (Number.isSafeInteger(args.p_season) && Number.isSafeInteger(args.p_tier) ? `season ${args.p_season}, tier ${args.p_tier}` : null),
  check: ({ args }) => firstProblem(notWholeNumber(args, 'p_season'), notWholeNumber(args, 'p_tier')),

  async apply(view, args, ctx) {
    const season = (await view.seasons()).find((s) => s.season === args.p_season);
    const tier = season?.tiers.find((t) => t.tier === args.p_tier);
    if (!season || !tier) return null;
    if (ctx.now.getTime() < parseInstant(season.starts_at)) throw new MutationRefused(PASS_NOT_STARTED);
    const gained = gainedWithPending(season, await view.gained(), await view.ledger());
    if (gained < tier.coins_required) throw new MutationRefused(tierNotReached(tier.coins_required - gained, tier.tier));
    const reward = await view.shopItem(tier.item_id);
    if (!reward) return null;
    if (await view.item(reward.id)) throw new MutationRefused(ITEM_ALREADY_OWNED);
    view.putItem({ user_id: ctx.userId, item: reward.id, type: reward.type, created_at: ctx.now.toISOString(), equipped: false, pendingOpId: ctx.opId });
    const pack = reward.type === 'coin' && reward.price !== null && reward.price > 0 ? reward.price : null;
    const coins = pack === null ? null : await moveCoins(view, ctx, { amt: pack, why: `battle pass season ${season.season} tier ${tier.tier}` });
    return { unlocked: reward.id, coins };
  },

  async undo(view, undo, _ctx, ending) {
    if (undo.coins) await takeBackCoins(view, undo.coins, ending);
    view.deleteItem(undo.unlocked);
  },

  afterConfirm: null,
} satisfies MutationKindModule<'claim_battlepass_tier', ClaimBattlepassTierUndo>;
