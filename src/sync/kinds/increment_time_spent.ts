import { COIN_REWARDS, TIME_SPENT_INCREMENT, withStreakBonus } from '../../domain/coins.ts';
import { moveCoins, runningStreak, takeBackCoins, type CoinMove } from '../effects.ts';
import type { MutationKindModule } from './kind.ts';

/** Five minutes of play: the profile's time_spent grows by five and five Dabloons come in. */

export interface IncrementTimeSpentUndo {
  /** Minutes added to the profile's time_spent; 0 when no profile was mirrored. */
  minutes: number;
  coins: CoinMove;
}

export const incrementTimeSpent = {
  label: 'Play time',
  target: () => null,
  // The server's own words for the same two refusals.
  check: ({ args, userId }) =>
    args.user_id !== userId
      ? 'You can only add time to your own profile.'
      : args.increment_value !== TIME_SPENT_INCREMENT
        ? `increment_value must be ${TIME_SPENT_INCREMENT}`
        : null,

  async apply(view, args, ctx) {
    const profile = await view.profile();
    if (profile) view.setProfile({ ...profile, time_spent: profile.time_spent + args.increment_value });
    const reward = withStreakBonus({ amt: COIN_REWARDS.timeSpent, why: 'time spent' }, await runningStreak(view, ctx.now));
    return { minutes: profile ? args.increment_value : 0, coins: await moveCoins(view, ctx, reward) };
  },

  async undo(view, undo, _ctx, ending) {
    await takeBackCoins(view, undo.coins, ending);
    const profile = await view.profile();
    if (profile && undo.minutes !== 0) view.setProfile({ ...profile, time_spent: profile.time_spent - undo.minutes });
  },

  afterConfirm: null,
} satisfies MutationKindModule<'increment_time_spent', IncrementTimeSpentUndo>;
