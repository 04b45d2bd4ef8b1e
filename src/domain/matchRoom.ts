// The room a game's frame is handed on the match page (issue 28): the server's game with this device's
// moves that wait in the outbox laid on top, so a move shows at once, offline too, and the frame sees
// exactly what the student will see once the server confirms it.
import type { RoomGame, RoomSeat, RoomState } from './gameRoom.ts';
import { reasonText } from './match.ts';

export interface ServerMatch {
  id: number;
  game: RoomGame;
  status: string;
  firstPlayer: { id: string; username: string };
  secondPlayer: { id: string; username: string };
  result: string | null;
  reason: string | null;
  /** The stored moves, in any order: each says its ply. */
  moves: readonly { ply: number; move: string }[];
}

/** A move of this match in the outbox: waiting to be sent, or refused by the server (failed). */
export interface QueuedMove {
  ply: number;
  move: string;
  failed: boolean;
  message: string | null;
}

export function seatOf(match: Pick<ServerMatch, 'firstPlayer'>, userId: string): RoomSeat {
  return match.firstPlayer.id === userId ? 0 : 1;
}

/** The room for `userId`'s frame: stored moves, then the queued ones that follow on from them. */
export function roomOf(match: ServerMatch, userId: string, queued: readonly QueuedMove[]): RoomState {
  const stored = [...match.moves].sort((a, b) => a.ply - b.ply).map((move) => move.move);
  const moves = [...stored];
  // Only a queued move at the very next ply extends the game: one at a ply the server has filled since
  // (sent from another device, or already confirmed) is not laid twice.
  for (const move of [...queued].filter((item) => !item.failed).sort((a, b) => a.ply - b.ply)) {
    if (move.ply === moves.length) moves.push(move.move);
  }
  const open = match.status === 'active';
  const refusal = [...queued].reverse().find((item) => item.failed && item.ply >= stored.length) ?? null;
  return {
    matchId: String(match.id),
    game: match.game,
    seat: seatOf(match, userId),
    players: [match.firstPlayer.username, match.secondPlayer.username],
    moves,
    turn: open ? ((moves.length % 2) as RoomSeat) : null,
    result: resultOf(match),
    refused: refusal === null ? null : { ply: refusal.ply, message: refusal.message ?? 'The server did not take this move.' },
  };
}

function resultOf(match: ServerMatch): RoomState['result'] {
  if (match.status === 'ended') return { winner: null, reason: reasonText('moderator') };
  if (match.status !== 'finished') return null;
  const winner = match.result === 'first' ? 0 : match.result === 'second' ? 1 : null;
  return { winner, reason: reasonText(match.reason) };
}

/**
 * The room to show next, given the one shown: a move the server has just confirmed leaves the outbox a
 * moment before the game read back from the server holds it, and in that moment it stays on the board
 * rather than blink out and back. A refusal or a result always shows the server's room as it is.
 */
export function keepConfirmed(shown: RoomState | null, next: RoomState): RoomState {
  if (shown === null || shown.matchId !== next.matchId || next.refused !== null || next.result !== null) return next;
  if (shown.moves.length <= next.moves.length || !next.moves.every((move, i) => shown.moves[i] === move)) return next;
  return { ...next, moves: shown.moves, turn: shown.turn };
}
