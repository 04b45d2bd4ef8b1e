// The words a two-player game shows: whose turn it is, by name, and how the match ended, said from
// this student's side ("You won by checkmate", "Waiting for ana"). The three room games share them.
import type { RoomResult, RoomSeat, RoomState } from '../../src/domain/gameRoom.ts';

export function otherSeat(seat: RoomSeat): RoomSeat {
  return seat === 0 ? 1 : 0;
}

/** The other student's username. */
export function opponentName(state: RoomState): string {
  return state.players[otherSeat(state.seat)];
}

/**
 * How the match ended, for the student in `seat`. The reasons are the portal's plain words
 * (src/domain/match.ts): "checkmate", "resigned", "out of time", "agreed" or "draw agreed" ...
 */
export function resultText(result: RoomResult, seat: RoomSeat, players: readonly [string, string]): string {
  const { winner, reason } = result;
  if (winner === null) {
    if (reason === 'agreed' || reason === 'draw agreed') return 'Draw agreed';
    // No winner, and no draw either: the match was stopped ("ended by a moderator").
    if (reason.startsWith('ended ')) return `Match ${reason}`;
    return `Draw: ${reason}`;
  }
  const loser = players[otherSeat(winner)];
  // Reasons that say what the loser did read better told of them than as "won by".
  if (winner === seat) {
    if (reason === 'resigned') return `You won: ${loser} resigned`;
    if (reason === 'out of time') return `You won: ${loser} ran out of time`;
    return `You won by ${reason}`;
  }
  const name = players[winner];
  if (reason === 'resigned') return `You resigned: ${name} won`;
  if (reason === 'out of time') return `You ran out of time: ${name} won`;
  return `${name} won by ${reason}`;
}

/** The status line: the result once there is one, else whose move it is, with a refused move's reason. */
export function roomStatus(state: RoomState): string {
  if (state.result !== null) return resultText(state.result, state.seat, state.players);
  if (state.turn !== state.seat) return `Waiting for ${opponentName(state)}`;
  if (state.refused !== null) return `Your move: the last one was refused. ${state.refused.message}`;
  return 'Your move';
}
