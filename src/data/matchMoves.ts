import type { OutboxItem } from '../store/db.ts';
import { queueMutation } from './queue.ts';
import type { DataSource } from './source.ts';

/** A move the student made: in which game (the server's match id), at which ply, and the move's text. */
export interface MatchMoveInput {
  matchId: number;
  /** How many moves the game had when this one was made. */
  ply: number;
  /** Chess in UCI ("e2e4"), Tic Tac Toe a cell ("4"), Hex Conquest "from-to" ("12-20"). */
  move: string;
}

/**
 * Queues the student's move (make_match_move): kept on the device at once, sent to the match-move
 * function when online, and made once however often it is sent. Rejects with MutationRefused (nothing
 * queued) when it is not a move at all, or with StorageFullError. Its queued and refused state is
 * read with readQueuedMoves (src/data/reads/matchMoves.ts).
 */
export function queueMatchMove(source: DataSource, userId: string, move: MatchMoveInput): Promise<OutboxItem> {
  return queueMutation(source, {
    kind: 'make_match_move',
    userId,
    args: { p_match_id: move.matchId, p_ply: move.ply, p_move: move.move },
  });
}
