import { ROOM_MOVE } from '../../domain/gameRoom.ts';
import { firstProblem, notWholeNumber } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A move of a two-player game (issue 28), sent to the match-move function, which plays it by the game's
 * rules and stores it (src/sync/functionOps.ts). The match page shows the student's queued move from the
 * outbox (src/data/reads/matchMoves.ts) on the board it last read, and the match is read again from the
 * server once the move is confirmed, so nothing mirrored changes here.
 */
export const makeMatchMove = {
  label: 'Move',
  target: (args) => (typeof args.p_move === 'string' && args.p_move !== '' ? args.p_move : null),
  check: ({ args }) =>
    firstProblem(
      notWholeNumber(args, 'p_match_id') ?? (args.p_match_id >= 1 ? null : 'p_match_id must be a game’s id'),
      notWholeNumber(args, 'p_ply') ?? (args.p_ply >= 0 ? null : 'p_ply must not be negative'),
      typeof args.p_move === 'string' && ROOM_MOVE.test(args.p_move) ? null : 'p_move must be a move of the game',
    ),

  async apply() {
    return {};
  },

  async undo() {},

  afterConfirm: null,
  // A refused move is taken off the board and its reason shown beside it (the match page).
  failsInPlace: true,
} satisfies MutationKindModule<'make_match_move', Record<string, never>>;
