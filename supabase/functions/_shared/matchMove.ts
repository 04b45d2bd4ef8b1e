// One move of a two-player game (issue 28), checked against the game's rules: chess by chess.js,
// Tic Tac Toe and Hex Conquest by the rules modules the bundled games play by. Pure, so the server's
// function and the device (its optimistic move) judge a move alike.
//
// Moves are text: chess in UCI ("e2e4", "e7e8q": the promotion letter only when a pawn reaches the
// last row), Tic Tac Toe a cell index "0".."8" (row by row), Hex Conquest "from-to", the indices of
// hexConquest.ts's HEXES. Positions are text too: a FEN for chess, 9 cells of 'X', 'O' or '.' for
// Tic Tac Toe, and hexConquest.ts's board string. The one who moves first plays white, 'X' or 'P'.
import { Chess } from 'chess.js';
import { count, distance, finalBoard, HEXES, isLegal, newBoard, play, type Side as HexSide } from './hexConquest.ts';
import { outcome, type Cell } from './ticTacToe.ts';

export const MATCH_GAMES = ['chess', 'tic-tac-toe', 'hex-conquest'] as const;
export type MatchGame = (typeof MATCH_GAMES)[number];

/** Who moves first, or who moves second. */
export type MatchSide = 'first' | 'second';
export type MatchResult = MatchSide | 'draw';
export type EndReason =
  | 'checkmate'
  | 'stalemate'
  | 'insufficient material'
  | 'threefold repetition'
  | 'fifty moves'
  | 'three in a row'
  | 'full board'
  | 'most hexagons'
  | 'even hexagons';

export interface MatchEnd {
  result: MatchResult;
  reason: EndReason;
}

/**
 * What a game's moves so far tell its rules: the position, and for chess the moves that led to it
 * from `from`, a position at or before the last pawn move or capture (no position before one of
 * those can come again), so that chess.js counts repeated positions. For the other games `from` is
 * the position and `history` is empty.
 */
export interface MatchState {
  from: string;
  history: readonly string[];
  position: string;
}

export type MoveCheck = { ok: true; position: string; end: MatchEnd | null } | { ok: false; message: string };

const CHESS_MOVE = /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/;
const HEX_MOVE = /^(\d{1,2})-(\d{1,2})$/;

export function isMatchGame(value: unknown): value is MatchGame {
  return typeof value === 'string' && (MATCH_GAMES as readonly string[]).includes(value);
}

const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Where a game starts (the database starts its matches from the same text: tests/db/suites/matches.ts). */
export function startPosition(game: MatchGame): string {
  if (game === 'chess') return CHESS_START;
  if (game === 'tic-tac-toe') return '.........';
  return newBoard();
}

function chessMove(state: MatchState, side: MatchSide, move: string): MoveCheck {
  const parts = CHESS_MOVE.exec(move);
  if (!parts) return { ok: false, message: `"${move}" is not a chess move: name its square and where it goes, like e2e4.` };
  const game = new Chess(state.from);
  // Replayed, so that chess.js counts repeated positions; the stored position must agree.
  for (const earlier of state.history) {
    const [, from, to, promotion] = CHESS_MOVE.exec(earlier) ?? [];
    game.move({ from: from!, to: to!, ...(promotion ? { promotion } : {}) });
  }
  if (game.fen() !== state.position) throw new Error('the stored chess position does not follow from its moves');
  if ((game.turn() === 'w') !== (side === 'first')) return { ok: false, message: 'It is not your turn.' };
  const [, from, to, promotion] = parts;
  let made;
  try {
    made = game.move({ from: from!, to: to!, ...(promotion ? { promotion } : {}) });
  } catch {
    return { ok: false, message: `${from}-${to}${promotion ? ` promoting to ${promotion}` : ''} is not a legal move here.` };
  }
  // chess.js ignores a promotion letter on a move that promotes nothing; UCI has none there.
  if ((made.promotion ?? '') !== promotion) return { ok: false, message: `${from}-${to} promotes nothing: send it without "${promotion}".` };
  let end: MatchEnd | null = null;
  if (game.isCheckmate()) end = { result: side, reason: 'checkmate' };
  else if (game.isStalemate()) end = { result: 'draw', reason: 'stalemate' };
  else if (game.isInsufficientMaterial()) end = { result: 'draw', reason: 'insufficient material' };
  else if (game.isThreefoldRepetition()) end = { result: 'draw', reason: 'threefold repetition' };
  else if (game.isDrawByFiftyMoves()) end = { result: 'draw', reason: 'fifty moves' };
  return { ok: true, position: game.fen(), end };
}

function ticTacToeMove(state: MatchState, side: MatchSide, move: string): MoveCheck {
  if (!/^[0-8]$/.test(move)) return { ok: false, message: `"${move}" is not a cell: send 0 to 8, row by row.` };
  const board = [...state.position].map((c): Cell => (c === '.' ? '' : (c as Cell)));
  const cell = Number(move);
  if (board[cell] !== '') return { ok: false, message: `Cell ${cell} is taken.` };
  const mark = side === 'first' ? 'X' : 'O';
  board[cell] = mark;
  const position = board.map((c) => c || '.').join('');
  const result = outcome(board);
  if (result === null) return { ok: true, position, end: null };
  if (result === 'draw') return { ok: true, position, end: { result: 'draw', reason: 'full board' } };
  return { ok: true, position, end: { result: side, reason: 'three in a row' } };
}

function hexMove(state: MatchState, side: MatchSide, move: string): MoveCheck {
  const parts = HEX_MOVE.exec(move);
  const from = Number(parts?.[1]);
  const to = Number(parts?.[2]);
  if (!parts || from >= HEXES.length || to >= HEXES.length) {
    return { ok: false, message: `"${move}" is not a move: send the hexagon a piece leaves and the one it reaches, like 4-12.` };
  }
  const mine: HexSide = side === 'first' ? 'P' : 'C';
  const step = distance(HEXES[from]!, HEXES[to]!);
  const shaped = { from, to, jump: step === 2 };
  if ((step !== 1 && step !== 2) || !isLegal(state.position, mine, shaped)) {
    return { ok: false, message: `${from}-${to} is not a legal move here: a piece grows one hexagon or jumps two, onto an empty one.` };
  }
  const after = play(state.position, mine, shaped).board;
  const final = finalBoard(after, mine === 'P' ? 'C' : 'P');
  if (final === null) return { ok: true, position: after, end: null };
  const [first, second] = [count(final, 'P'), count(final, 'C')];
  if (first === second) return { ok: true, position: final, end: { result: 'draw', reason: 'even hexagons' } };
  return { ok: true, position: final, end: { result: first > second ? 'first' : 'second', reason: 'most hexagons' } };
}

/** The position after `side` plays `move`, and how the game ended if it did; or why the move is refused. */
export function checkMatchMove(game: MatchGame, state: MatchState, side: MatchSide, move: string): MoveCheck {
  if (game === 'chess') return chessMove(state, side, move);
  if (game === 'tic-tac-toe') return ticTacToeMove(state, side, move);
  return hexMove(state, side, move);
}
