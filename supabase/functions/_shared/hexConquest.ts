// Hex Conquest: a board of hexagons, the student ('P') against the computer ('C'). A piece grows into
// a neighbouring hexagon (and stays) or jumps two hexagons away (and leaves); either way, every
// opposing piece next to where it lands changes sides. When the side to move cannot move, or the board
// is full, the game ends and the empty hexagons go to the side that could still move. In a game
// between two students (supabase/functions/match-move), 'P' is the one who moves first.

export type Side = 'P' | 'C';
export type Cell = Side | '.' | '#';
export type Level = 'easy' | 'hard';

export const RADIUS = 4;

export interface Hex {
  q: number;
  r: number;
}

/** Every hexagon of the board in a fixed order (row by row): a board is a string of one Cell each. */
export const HEXES: readonly Hex[] = (() => {
  const out: Hex[] = [];
  for (let r = -RADIUS; r <= RADIUS; r += 1) {
    for (let q = -RADIUS; q <= RADIUS; q += 1) if (Math.abs(q + r) <= RADIUS) out.push({ q, r });
  }
  return out;
})();

const INDEX = new Map(HEXES.map((h, i) => [`${h.q},${h.r}`, i]));
export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 }, { q: 1, r: -1 }, { q: 0, r: -1 }, { q: -1, r: 0 }, { q: -1, r: 1 }, { q: 0, r: 1 },
];

export function indexOf(q: number, r: number): number {
  return INDEX.get(`${q},${r}`) ?? -1;
}

export function distance(a: Hex, b: Hex): number {
  return (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;
}

/** Hexagons at distance 1 and 2 of each hexagon. */
const RING1: number[][] = HEXES.map((a) => HEXES.flatMap((b, j) => (distance(a, b) === 1 ? [j] : [])));
const RING2: number[][] = HEXES.map((a) => HEXES.flatMap((b, j) => (distance(a, b) === 2 ? [j] : [])));

export function neighbours(i: number): readonly number[] {
  return RING1[i]!;
}

export function newBoard(): string {
  const cells: Cell[] = HEXES.map(() => '.');
  for (const [q, r] of [[1, 0], [-1, 1], [0, -1]]) cells[indexOf(q!, r!)] = '#';
  for (const [q, r] of [[0, -4], [4, 0], [-4, 4]]) cells[indexOf(q!, r!)] = 'P';
  for (const [q, r] of [[4, -4], [0, 4], [-4, 0]]) cells[indexOf(q!, r!)] = 'C';
  return cells.join('');
}

export function other(side: Side): Side {
  return side === 'P' ? 'C' : 'P';
}

export interface Move {
  from: number;
  to: number;
  jump: boolean;
}

export function legalMoves(board: string, side: Side): Move[] {
  const moves: Move[] = [];
  const growTo = new Set<number>();
  for (let i = 0; i < board.length; i += 1) {
    if (board[i] !== side) continue;
    for (const j of RING1[i]!) {
      // Growing into a hexagon is the same move from any neighbour: list it once.
      if (board[j] === '.' && !growTo.has(j)) {
        growTo.add(j);
        moves.push({ from: i, to: j, jump: false });
      }
    }
    for (const j of RING2[i]!) if (board[j] === '.') moves.push({ from: i, to: j, jump: true });
  }
  return moves;
}

export function isLegal(board: string, side: Side, move: Move): boolean {
  if (board[move.from] !== side || board[move.to] !== '.') return false;
  return (move.jump ? RING2 : RING1)[move.from]!.includes(move.to);
}

/** The board after `side` plays `move`, and how many pieces changed sides. */
export function play(board: string, side: Side, move: Move): { board: string; converted: number } {
  const cells = [...board];
  cells[move.to] = side;
  if (move.jump) cells[move.from] = '.';
  let converted = 0;
  for (const j of RING1[move.to]!) {
    if (cells[j] === other(side)) {
      cells[j] = side;
      converted += 1;
    }
  }
  return { board: cells.join(''), converted };
}

export function count(board: string, side: Side): number {
  let n = 0;
  for (const c of board) if (c === side) n += 1;
  return n;
}

/**
 * The board once the game is over with `toMove` to play, or null while it goes on. The side that can
 * still move takes the empty hexagons.
 */
export function finalBoard(board: string, toMove: Side): string | null {
  if (count(board, 'P') === 0 || count(board, 'C') === 0 || !board.includes('.')) return board;
  if (legalMoves(board, toMove).length > 0) return null;
  return board.replaceAll('.', other(toMove));
}

/** How good a move is for `side` at once: pieces gained, a grow worth one more than a jump. */
function gain(board: string, side: Side, move: Move): number {
  let g = move.jump ? 0 : 1;
  for (const j of RING1[move.to]!) if (board[j] === other(side)) g += 1;
  return g;
}

/**
 * The computer's move. Hard looks one reply ahead (its gain minus the student's best answer); easy takes
 * the best immediate gain but now and then a random move. Null when it cannot move.
 */
export function chooseMove(board: string, side: Side, level: Level, random: () => number = Math.random): Move | null {
  const moves = legalMoves(board, side);
  if (moves.length === 0) return null;
  if (level === 'easy' && random() < 0.3) return moves[Math.floor(random() * moves.length)]!;
  let best = -Infinity;
  let choices: Move[] = [];
  for (const move of moves) {
    let value = gain(board, side, move);
    if (level === 'hard') {
      const after = play(board, side, move).board;
      let reply = 0;
      for (const answer of legalMoves(after, other(side))) reply = Math.max(reply, gain(after, other(side), answer));
      value -= reply;
    }
    if (value > best) {
      best = value;
      choices = [move];
    } else if (value === best) choices.push(move);
  }
  return choices[Math.floor(random() * choices.length)]!;
}

/** The student's score: 10 a piece at the end, 500 more for a win. */
export function finalScore(board: string): number {
  const mine = count(board, 'P');
  return mine * 10 + (mine > count(board, 'C') ? 500 : 0);
}

export function isBoard(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== HEXES.length || !/^[PC.#]+$/.test(value)) return false;
  const start = newBoard();
  return [...value].every((c, i) => (c === '#') === (start[i] === '#'));
}
