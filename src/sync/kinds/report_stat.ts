import { STAT_NAME, STAT_THRESHOLD_MAX } from '../../domain/achievementDeclaration.ts';
import { firstProblem, isUuid, missingText, notWholeNumber, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A game reported a stat's value in its current run (issue 29), which the server holds to the stat's
 * pace and adds to the student's stat. The device keeps no stats: nothing is laid on the mirror.
 */
export const reportStat = {
  label: 'Game stat',
  target: (args) => textArg(args, 'p_name'),
  check: ({ args }) =>
    firstProblem(
      missingText(args, 'p_app_id'),
      STAT_NAME.test(String(args.p_name)) ? null : 'p_name must be a stat name',
      notWholeNumber(args, 'p_value'),
      Number(args.p_value) >= 0 && Number(args.p_value) <= STAT_THRESHOLD_MAX ? null : `p_value must be from 0 to ${STAT_THRESHOLD_MAX}`,
      isUuid(args.p_run_id) ? null : 'p_run_id must be the run id the portal issued',
    ),

  async apply() {
    return null;
  },

  async undo() {},

  afterConfirm: null,
} satisfies MutationKindModule<'report_stat'>;
