import { ACHIEVEMENT_ID } from '../../domain/achievementDeclaration.ts';
import { forgetQueuedAchievement } from '../../store/achievementMemory.ts';
import { firstProblem, isUuid, missingText, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A game unlocked one of its achievements (issue 29). The device shows it at once with a toast from the
 * game's frame; the mirror holds no unlocks and its reward is the server's to pay (the same unlock again
 * pays nothing there), so nothing is laid here and the coins arrive with the next read of the balance.
 * Queued with the run it happened in, it is sent once whenever the device is next online.
 */
export const unlockAchievement = {
  label: 'Achievement',
  target: (args) => textArg(args, 'p_achievement'),
  check: ({ args }) =>
    firstProblem(
      missingText(args, 'p_app_id'),
      ACHIEVEMENT_ID.test(String(args.p_achievement)) ? null : 'p_achievement must be an achievement id',
      isUuid(args.p_run_id) ? null : 'p_run_id must be the run id the portal issued',
    ),

  async apply() {
    return null;
  },

  async undo() {},

  afterConfirm: null,

  // Refused (a threshold its stats did not reach, a run the server does not know, too many at once): the
  // device forgets it, so the game's next unlock of it is sent again.
  afterRefusal: (item) => forgetQueuedAchievement(item.userId, String(item.args.p_app_id), String(item.args.p_achievement)),
} satisfies MutationKindModule<'unlock_achievement'>;
