import { COIN_REWARDS, withStreakBonus } from '../../domain/coins.ts';
import { moveCoins, runningStreak, takeBackCoins, type CoinMove } from '../effects.ts';
import { missingText, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A game was opened: one Dabloon (doubled while a streak runs). apps_played counts distinct apps on the
 * server, which this device cannot tell, so only the coin moves here.
 */

export interface RecordAppPlayedUndo {
  coins: CoinMove;
}

export const recordAppPlayed = {
  label: 'Game played',
  target: (args) => textArg(args, 'p_app_id'),
  check: ({ args }) => missingText(args, 'p_app_id'),

  async apply(view, _args, ctx) {
    const reward = withStreakBonus({ amt: COIN_REWARDS.appPlayed, why: 'app played' }, await runningStreak(view, ctx.now));
    return { coins: await moveCoins(view, ctx, reward) };
  },

  async undo(view, undo, _ctx, ending) {
    await takeBackCoins(view, undo.coins, ending);
  },

  afterConfirm: null,
} satisfies MutationKindModule<'record_app_played', RecordAppPlayedUndo>;
