// A legal chess game for the benchmarks to play, the same every run: random legal moves from a seeded generator.
import { Chess } from 'chess.js';

/** A legal game of `plies` moves that does not end before it, as UCI moves. */
export function randomGame(plies: number, seed = 28): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (;;) {
    const game = new Chess();
    const moves: string[] = [];
    while (moves.length < plies) {
      const options = game.moves({ verbose: true });
      const pick = options[Math.floor(next() * options.length)]!;
      game.move(pick);
      if (game.isGameOver()) break;
      moves.push(`${pick.from}${pick.to}${pick.promotion ?? ''}`);
    }
    if (moves.length === plies) return moves;
  }
}
