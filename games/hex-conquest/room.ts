// Hex Conquest between two students: seat 0 plays the side that moves first ('P'), seat 1 the other
// ('C'); a move is "from-to", the indices in HEXES of the hexagon a piece leaves and the one it reaches,
// as the server's rules read it.
import type { RoomSeat } from '../../src/domain/gameRoom.ts';
import { distance, finalBoard, HEXES, isLegal, newBoard, play, type Move, type Side } from './rules.ts';

export function sideOf(seat: RoomSeat): Side {
  return seat === 0 ? 'P' : 'C';
}

export function moveText(move: Pick<Move, 'from' | 'to'>): string {
  return `${move.from}-${move.to}`;
}

/** The move a text names, a grow or a jump by how far it goes; null when it names neither. */
export function readMove(text: string): Move | null {
  const parts = /^(\d{1,2})-(\d{1,2})$/.exec(text);
  const a = HEXES[Number(parts?.[1])];
  const b = HEXES[Number(parts?.[2])];
  if (!parts || a === undefined || b === undefined) return null;
  const step = distance(a, b);
  if (step !== 1 && step !== 2) return null;
  return { from: Number(parts[1]), to: Number(parts[2]), jump: step === 2 };
}

export interface Replayed {
  board: string;
  /** Where the last move landed, or -1 before the first. */
  lastTo: number;
}

/**
 * The board after `moves` from the start, the empty hexagons already given out once the side to move
 * next cannot move; null when one of the moves does not fit the rules.
 */
export function boardOf(moves: readonly string[]): Replayed | null {
  let board = newBoard();
  let lastTo = -1;
  for (const [ply, text] of moves.entries()) {
    const side: Side = ply % 2 === 0 ? 'P' : 'C';
    const move = readMove(text);
    if (move === null || !isLegal(board, side, move) || finalBoard(board, side) !== null) return null;
    board = play(board, side, move).board;
    lastTo = move.to;
  }
  const toMove: Side = moves.length % 2 === 0 ? 'P' : 'C';
  return { board: finalBoard(board, toMove) ?? board, lastTo };
}
