// Chess between two students: seat 0 plays White, seat 1 Black; a move is UCI, the square a piece
// leaves and the one it reaches ("e2e4"), with the piece a pawn becomes when it gets to the last row
// ("e7e8q"), as the server's rules read it. chess.js knows the rules.
import { Chess, type Color, type PieceSymbol, type Square } from 'chess.js';
import type { RoomSeat } from '../../src/domain/gameRoom.ts';

export function colourOf(seat: RoomSeat): Color {
  return seat === 0 ? 'w' : 'b';
}

export function uciOf(move: { from: Square; to: Square; promotion?: PieceSymbol | undefined }): string {
  return `${move.from}${move.to}${move.promotion ?? ''}`;
}

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/;

export interface Replayed {
  game: Chess;
  /** The moves played on `game`, in UCI: all of those asked for, or those before the first that did not fit. */
  moves: readonly string[];
  ok: boolean;
}

/**
 * The game after `moves` from the start. Given the last replay, and when its moves begin the new list,
 * it goes on from there (on that same Chess) rather than replaying a long game for every move.
 */
export function replay(moves: readonly string[], last: Replayed | null = null): Replayed {
  const goesOn = last !== null && last.ok && last.moves.length <= moves.length && last.moves.every((m, i) => m === moves[i]);
  const game = goesOn ? last.game : new Chess();
  const played = goesOn ? [...last.moves] : [];
  for (const move of moves.slice(played.length)) {
    const parts = UCI.exec(move);
    try {
      if (!parts) throw new Error(`"${move}" is not UCI`);
      const [, from, to, promotion] = parts;
      game.move({ from: from!, to: to!, ...(promotion ? { promotion } : {}) });
    } catch {
      return { game, moves: played, ok: false };
    }
    played.push(move);
  }
  return { game, moves: played, ok: true };
}
