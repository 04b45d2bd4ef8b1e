// Tic Tac Toe between two students: seat 0 plays X and moves first, seat 1 plays O; a move is the
// cell's index, "0" to "8" row by row, as the server's rules read it.
import type { RoomSeat } from '../../src/domain/gameRoom.ts';
import { outcome, type Cell, type Mark } from './rules.ts';

export function markOf(seat: RoomSeat): Mark {
  return seat === 0 ? 'X' : 'O';
}

/** The board after `moves` from an empty one, or null when one of them does not fit the rules. */
export function boardOf(moves: readonly string[]): Cell[] | null {
  const board: Cell[] = Array<Cell>(9).fill('');
  for (const [ply, move] of moves.entries()) {
    if (!/^[0-8]$/.test(move) || board[Number(move)] !== '' || outcome(board) !== null) return null;
    board[Number(move)] = ply % 2 === 0 ? 'X' : 'O';
  }
  return board;
}
