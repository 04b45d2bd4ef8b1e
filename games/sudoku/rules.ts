// Sudoku: the puzzles come from sudoku-gen (MIT), which turns hand-checked seed grids with one
// solution each into new ones; this file keeps the student's grid and scores the solve.
import { getSudoku } from 'sudoku-gen';

export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export interface Puzzle {
  /** 81 characters: a digit for a given, '-' for a blank. */
  puzzle: string;
  solution: string;
  difficulty: Difficulty;
}

export function newPuzzle(difficulty: Difficulty): Puzzle {
  const { puzzle, solution } = getSudoku(difficulty);
  return { puzzle, solution, difficulty };
}

/** The cells that see cell i: its row, column and box. */
export function peers(i: number): number[] {
  const row = Math.floor(i / 9);
  const col = i % 9;
  const box = Math.floor(row / 3) * 27 + Math.floor(col / 3) * 3;
  const out = new Set<number>();
  for (let k = 0; k < 9; k += 1) {
    out.add(row * 9 + k);
    out.add(k * 9 + col);
    out.add(box + Math.floor(k / 3) * 9 + (k % 3));
  }
  out.delete(i);
  return [...out];
}

/** Cells whose digit clashes with a peer's (values: 81 characters, '-' for a blank). */
export function clashes(values: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < 81; i += 1) {
    if (values[i] === '-') continue;
    for (const j of peers(i)) if (values[j] === values[i]) out.add(i);
  }
  return out;
}

export function solved(values: string, solution: string): boolean {
  return values === solution;
}

const BASE: Record<Difficulty, number> = { easy: 1000, medium: 2000, hard: 3000, expert: 4000 };

/** A solve's score: the difficulty's base, less 1 a second and 100 a hint, never below a tenth of it. */
export function solveScore(difficulty: Difficulty, seconds: number, hints: number): number {
  const base = BASE[difficulty];
  return Math.max(Math.round(base / 10), Math.round(base - seconds - hints * 100));
}

export function isPuzzle(value: unknown): value is Puzzle {
  const p = value as Partial<Puzzle> | null;
  if (!p || typeof p.puzzle !== 'string' || typeof p.solution !== 'string') return false;
  if (!/^[1-9-]{81}$/.test(p.puzzle) || !/^[1-9]{81}$/.test(p.solution)) return false;
  if (!(DIFFICULTIES as readonly string[]).includes(p.difficulty as string)) return false;
  return [...p.puzzle].every((c, i) => c === '-' || c === p.solution![i]) && clashes(p.solution).size === 0;
}
