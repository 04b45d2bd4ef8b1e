import { checkSaveState } from '../../domain/gameSdk.ts';
import { firstProblem, isUuid, missingText, notWholeNumber, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';


/**
 * A game's save, sent to the student's cloud slot (issue 18). The save is on the device already
 * (src/data/gameSaves.ts), and the server's answer, saved or a conflict, is read back by the next pull
 * (src/data/cloudSaves.ts), so nothing mirrored changes here.
 */
export const putGameSave = {
  label: 'Game save',
  target: (args) => textArg(args, 'p_app_id'),
  check: ({ args }) =>
    firstProblem(
      missingText(args, 'p_app_id'),
      typeof args.p_state === 'string' && checkSaveState(args.p_state) === null ? null : 'p_state must be a game save',
      isUuid(args.p_device_id) ? null : 'p_device_id must be a device id',
      typeof args.p_device_label === 'string' && args.p_device_label.length <= 60 ? null : 'p_device_label must be a short text',
      typeof args.p_saved_at === 'string' && !Number.isNaN(Date.parse(args.p_saved_at)) ? null : 'p_saved_at must be a time',
      args.p_base_version === undefined ? null : notWholeNumber(args, 'p_base_version'),
    ),

  async apply() {
    return {};
  },

  async undo() {},

  afterConfirm: null,
} satisfies MutationKindModule<'put_game_save', Record<string, never>>;
