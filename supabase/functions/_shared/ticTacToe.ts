// Tic Tac Toe: the board is 9 cells, 'X' (the student), 'O' (the computer) or ''. In a game between
// two students (supabase/functions/match-move), 'X' is the one who moves first.

export type Mark = 'X' | 'O';
export type Cell = Mark | '';
export type Level = 'easy' | 'hard';

export const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
] as const;

/** The winner and the winning line, 'draw' on a full board, or null while play goes on. */
export function outcome(board: readonly Cell[]): { winner: Mark; line: readonly number[] } | 'draw' | null {
  for (const line of LINES) {
    const [a, b, c] = line;
    const mark = board[a];
    if (mark && mark === board[b] && mark === board[c]) return { winner: mark, line };
  }
  return board.every((cell) => cell !== '') ? 'draw' : null;
}

function other(mark: Mark): Mark {
  return mark === 'X' ? 'O' : 'X';
}

/** Minimax value for `me` with `turn` to play: +10 - depth a win, 0 a draw (quicker wins, slower losses). */
function value(board: Cell[], turn: Mark, me: Mark, depth: number): number {
  const result = outcome(board);
  if (result === 'draw') return 0;
  if (result) return result.winner === me ? 10 - depth : depth - 10;
  let best = turn === me ? -Infinity : Infinity;
  for (let i = 0; i < 9; i += 1) {
    if (board[i] !== '') continue;
    board[i] = turn;
    const v = value(board, other(turn), me, depth + 1);
    board[i] = '';
    best = turn === me ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

/** Every free cell that loses nothing for `mark`: the perfect player's choices. */
export function bestMoves(board: readonly Cell[], mark: Mark): number[] {
  const work = [...board];
  let best = -Infinity;
  let moves: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    if (work[i] !== '') continue;
    work[i] = mark;
    const v = value(work, other(mark), mark, 1);
    work[i] = '';
    if (v > best) {
      best = v;
      moves = [i];
    } else if (v === best) moves.push(i);
  }
  return moves;
}

/**
 * The computer's move. Hard never loses; easy takes a win or blocks one it sees, else plays a random
 * free cell half the time, so a student can win.
 */
export function computerMove(board: readonly Cell[], level: Level, random: () => number = Math.random): number {
  const free = board.flatMap((cell, i) => (cell === '' ? [i] : []));
  if (free.length === 0) throw new Error('the board is full');
  const pick = (list: number[]) => list[Math.floor(random() * list.length)]!;
  if (level === 'hard') return pick(bestMoves(board, 'O'));
  const finishing = (mark: Mark) =>
    free.filter((i) => {
      const next = [...board];
      next[i] = mark;
      const result = outcome(next);
      return result !== null && result !== 'draw' && result.winner === mark;
    });
  const win = finishing('O');
  if (win.length) return pick(win);
  const block = finishing('X');
  if (block.length && random() < 0.8) return pick(block);
  return random() < 0.5 ? pick(free) : pick(bestMoves(board, 'O'));
}

/** Points of a round: a win 100 (150 against hard), a draw 30 (50 against hard), a loss nothing. */
export function roundPoints(result: 'win' | 'draw' | 'loss', level: Level): number {
  if (result === 'win') return level === 'hard' ? 150 : 100;
  if (result === 'draw') return level === 'hard' ? 50 : 30;
  return 0;
}

export function isBoard(value: unknown): value is Cell[] {
  return Array.isArray(value) && value.length === 9 && value.every((c) => c === '' || c === 'X' || c === 'O');
}
