// The computer player: a small alpha-beta search over chess.js (BSD-2-Clause), which knows the rules.
// Material and piece-square tables judge a position; captures are searched first, and a few plies of
// captures past the horizon keep it from leaving a piece hanging. Deep enough for a class, quick
// enough for a school laptop: a node budget caps every move.
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
  nodes: number;
  budget: number;
}

function quiesce(game: Chess, alpha: number, beta: number, depth: number, s: Search): number {
  s.nodes += 1;
  const stand = evaluate(game);
  if (stand >= beta || depth === 0 || s.nodes > s.budget) return stand;
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
  if (game.isCheckmate()) return -MATE + ply;
  if (game.isDraw()) return 0;
  if (depth === 0 || s.nodes > s.budget) return quiesce(game, alpha, beta, 3, s);
  s.nodes += 1;
  let best = -Infinity;
  for (const move of order(game.moves({ verbose: true }))) {
    game.move(move);
    const value = -negamax(game, depth - 1, -beta, -alpha, ply + 1, s);
    game.undo();
    if (value > best) best = value;
    if (value > alpha) alpha = value;
    if (alpha >= beta) break;
  }
  return best;
}

const SETTINGS: Record<Level, { depth: number; budget: number; noise: number }> = {
  easy: { depth: 1, budget: 3_000, noise: 120 },
  medium: { depth: 2, budget: 15_000, noise: 20 },
  hard: { depth: 3, budget: 60_000, noise: 0 },
};

export interface Choice {
  from: Square;
  to: Square;
  promotion?: PieceSymbol;
}

/**
 * The move the computer plays in `game` (left as it was), or null when the game is over. Easy adds
 * noise to every move's value, so it blunders now and then; hard searches a ply deeper.
 */
export function chooseMove(game: Chess, level: Level, random: () => number = Math.random): Choice | null {
  const moves = order(game.moves({ verbose: true }));
  if (moves.length === 0) return null;
  const { depth, budget, noise } = SETTINGS[level];
  const search: Search = { nodes: 0, budget };
  let best: Move = moves[0]!;
  let bestValue = -Infinity;
  for (const move of moves) {
    game.move(move);
    const value = -negamax(game, depth - 1, -Infinity, Infinity, 1, search) + (noise ? (random() - 0.5) * noise : 0);
    game.undo();
    if (value > bestValue) {
      bestValue = value;
      best = move;
    }
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
