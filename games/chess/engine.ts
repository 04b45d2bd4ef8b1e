// The computer player: a small alpha-beta search over chess.js (BSD-2-Clause), which knows the rules.
// Material and piece-square tables judge a position; captures are searched first, and a few plies of
// captures past the horizon keep it from leaving a piece hanging. Deep enough for a class, quick
// enough for a school laptop: a time budget caps every move.
import type { Chess, Move, PieceSymbol, Square } from 'chess.js';

export type Level = 'easy' | 'medium' | 'hard';

const VALUE: Record<PieceSymbol, number> = { p: 100, n: 320, b: 330, r: 500, q: 900, k: 0 };
const MATE = 100_000;

// Piece-square tables from White's side, a8 first (row 0) to h1 last: bonuses for good squares.
const PST: Record<PieceSymbol, number[]> = {
  p: [0, 0, 0, 0, 0, 0, 0, 0, 50, 50, 50, 50, 50, 50, 50, 50, 10, 10, 20, 30, 30, 20, 10, 10, 5, 5, 10, 25, 25, 10, 5, 5, 0, 0, 0, 20, 20, 0, 0, 0, 5, -5, -10, 0, 0, -10, -5, 5, 5, 10, 10, -20, -20, 10, 10, 5, 0, 0, 0, 0, 0, 0, 0, 0],
  n: [-50, -40, -30, -30, -30, -30, -40, -50, -40, -20, 0, 0, 0, 0, -20, -40, -30, 0, 10, 15, 15, 10, 0, -30, -30, 5, 15, 20, 20, 15, 5, -30, -30, 0, 15, 20, 20, 15, 0, -30, -30, 5, 10, 15, 15, 10, 5, -30, -40, -20, 0, 5, 5, 0, -20, -40, -50, -40, -30, -30, -30, -30, -40, -50],
  b: [-20, -10, -10, -10, -10, -10, -10, -20, -10, 0, 0, 0, 0, 0, 0, -10, -10, 0, 5, 10, 10, 5, 0, -10, -10, 5, 5, 10, 10, 5, 5, -10, -10, 0, 10, 10, 10, 10, 0, -10, -10, 10, 10, 10, 10, 10, 10, -10, -10, 5, 0, 0, 0, 0, 5, -10, -20, -10, -10, -10, -10, -10, -10, -20],
  r: [0, 0, 0, 0, 0, 0, 0, 0, 5, 10, 10, 10, 10, 10, 10, 5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, 0, 0, 0, 5, 5, 0, 0, 0],
  q: [-20, -10, -10, -5, -5, -10, -10, -20, -10, 0, 0, 0, 0, 0, 0, -10, -10, 0, 5, 5, 5, 5, 0, -10, -5, 0, 5, 5, 5, 5, 0, -5, 0, 0, 5, 5, 5, 5, 0, -5, -10, 5, 5, 5, 5, 5, 0, -10, -10, 0, 5, 0, 0, 0, 0, -10, -20, -10, -10, -5, -5, -10, -10, -20],
  k: [-30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30, -20, -30, -30, -40, -40, -30, -30, -20, -10, -20, -20, -20, -20, -20, -20, -10, 20, 20, 0, 0, 0, 0, 20, 20, 20, 30, 10, 0, 0, 10, 30, 20],
};

/** The position's value for the side to move, in centipawns. */
export function evaluate(game: Chess): number {
  let white = 0;
  const rows = game.board();
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      const piece = rows[row]![col];
      if (!piece) continue;
      const table = PST[piece.type];
      const value = VALUE[piece.type] + (piece.color === 'w' ? table[row * 8 + col]! : table[(7 - row) * 8 + col]!);
      white += piece.color === 'w' ? value : -value;
    }
  }
  return game.turn() === 'w' ? white : -white;
}

function order(moves: Move[]): Move[] {
  const rank = (m: Move) => (m.captured ? 10 * VALUE[m.captured] - VALUE[m.piece] : 0) + (m.promotion ? VALUE[m.promotion] : 0);
  return moves.sort((a, b) => rank(b) - rank(a));
}

interface Search {
  deadline: number;
  now: () => number;
}

/** Thrown to abandon a search that ran out of time; the last finished depth's move is played. */
class OutOfTime extends Error {}

function quiesce(game: Chess, alpha: number, beta: number, depth: number, s: Search): number {
  const stand = evaluate(game);
  if (stand >= beta || depth === 0) return stand;
  let best = Math.max(alpha, stand);
  for (const move of order(game.moves({ verbose: true }).filter((m) => m.captured))) {
    game.move(move);
    const value = -quiesce(game, -beta, -best, depth - 1, s);
    game.undo();
    if (value >= beta) return value;
    if (value > best) best = value;
  }
  return best;
}

function negamax(game: Chess, depth: number, alpha: number, beta: number, ply: number, s: Search): number {
  if (s.now() > s.deadline) throw new OutOfTime();
  // One move generation answers mate, stalemate and the moves to try (chess.js's own checks would
  // each generate them again).
  const moves = game.moves({ verbose: true });
  if (moves.length === 0) return game.inCheck() ? -MATE + ply : 0;
  if (depth === 0) return quiesce(game, alpha, beta, 2, s);
  let best = -Infinity;
  for (const move of order(moves)) {
    game.move(move);
    let value: number;
    try {
      value = -negamax(game, depth - 1, -beta, -alpha, ply + 1, s);
    } finally {
      game.undo();
    }
    if (value > best) best = value;
    if (value > alpha) alpha = value;
    if (alpha >= beta) break;
  }
  return best;
}

const SETTINGS: Record<Level, { depth: number; ms: number; noise: number }> = {
  easy: { depth: 1, ms: 400, noise: 150 },
  medium: { depth: 2, ms: 900, noise: 20 },
  hard: { depth: 3, ms: 1800, noise: 0 },
};

export interface Choice {
  from: Square;
  to: Square;
  promotion?: PieceSymbol;
}

/**
 * The move the computer plays in `game` (left as it was), or null when the game is over. It deepens
 * one ply at a time while its time lasts and plays the best move of the deepest search it finished.
 * Easy adds noise to every move's value, so it blunders now and then.
 */
export function chooseMove(game: Chess, level: Level, random: () => number = Math.random, now: () => number = () => performance.now()): Choice | null {
  let moves = order(game.moves({ verbose: true }));
  if (moves.length === 0) return null;
  const { depth: maxDepth, ms, noise } = SETTINGS[level];
  const search: Search = { deadline: now() + ms, now };
  let best: Move = moves[0]!;
  for (let depth = 1; depth <= maxDepth; depth += 1) {
    let depthBest: Move | null = null;
    let bestValue = -Infinity;
    try {
      for (const move of moves) {
        game.move(move);
        let value: number;
        try {
          // With noise every move needs its exact value: a bound from a cut-off plus noise could win.
          value = -negamax(game, depth - 1, -Infinity, noise ? Infinity : -bestValue, 1, search);
        } finally {
          game.undo();
        }
        if (noise) value += (random() - 0.5) * noise;
        if (value > bestValue) {
          bestValue = value;
          depthBest = move;
        }
      }
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      // A depth left unfinished may have judged only some moves: keep the last finished depth's choice.
      if (depth === 1 && depthBest !== null) best = depthBest;
      break;
    }
    best = depthBest ?? best;
    if (bestValue >= MATE / 2) break;
    // The next depth looks at this depth's best move first.
    moves = [best, ...moves.filter((m) => m !== best)];
  }
  return { from: best.from, to: best.to, ...(best.promotion ? { promotion: best.promotion } : {}) };
}

const WIN: Record<Level, number> = { easy: 1000, medium: 2000, hard: 3000 };

/**
 * The student's score (White): a win is worth its level's points, less 5 a move after the 40th (at
 * least half), a draw a third, a loss 10 for each pawn's worth the student captured.
 */
export function gameScore(result: 'win' | 'draw' | 'loss', level: Level, moves: number, captured: number): number {
  const win = Math.max(WIN[level] / 2, WIN[level] - Math.max(0, moves - 40) * 5);
  if (result === 'win') return win;
  if (result === 'draw') return Math.round(WIN[level] / 3);
  return Math.round(captured * 10);
}

/** Pawns' worth of Black's pieces that White has taken, from the move history. */
export function capturedByWhite(history: readonly Move[]): number {
  return history.filter((m) => m.color === 'w' && m.captured).reduce((sum, m) => sum + VALUE[m.captured!] / 100, 0);
}
