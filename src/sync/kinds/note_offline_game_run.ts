import { firstProblem, isUuid, missingText, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A run of a game played with no network (issue 29): queued ahead of the first achievement unlocked in
 * it, so the server knows the run when the unlock arrives, and the unlock counts once. The server marks
 * it played offline: it vouches for no play time. Nothing is laid on the mirror.
 */
export const noteOfflineGameRun = {
  label: 'Game played offline',
  target: (args) => textArg(args, 'p_app_id'),
  check: ({ args }) =>
    firstProblem(missingText(args, 'p_app_id'), isUuid(args.p_run_id) ? null : 'p_run_id must be the run id the portal issued'),

  async apply() {
    return null;
  },

  async undo() {},

  afterConfirm: null,
} satisfies MutationKindModule<'note_offline_game_run'>;
