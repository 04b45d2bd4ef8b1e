// Every bundled game's achievements and stats (issue 29), by game id: the seed migration is written
// from these, the database suite checks it still matches, and the portal draws an unlock's toast from
// here at once, before the server has answered.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { achievements as game2048 } from '../2048/achievements.ts';
import { achievements as breakout } from '../breakout/achievements.ts';
import { achievements as chess } from '../chess/achievements.ts';
import { achievements as flappy } from '../flappy/achievements.ts';
import { achievements as fractionFrenzy } from '../fraction-frenzy/achievements.ts';
import { achievements as hexConquest } from '../hex-conquest/achievements.ts';
import { achievements as homeRowHero } from '../home-row-hero/achievements.ts';
import { achievements as keyboardSprint } from '../keyboard-sprint/achievements.ts';
import { achievements as memory } from '../memory/achievements.ts';
import { achievements as minesweeper } from '../minesweeper/achievements.ts';
import { achievements as snake } from '../snake/achievements.ts';
import { achievements as sudoku } from '../sudoku/achievements.ts';
import { achievements as ticTacToe } from '../tic-tac-toe/achievements.ts';
import { achievements as timesTableDash } from '../times-table-dash/achievements.ts';

export const BUNDLED_ACHIEVEMENTS: Readonly<Record<string, GameAchievements>> = {
  '2048': game2048,
  breakout,
  chess,
  flappy,
  'fraction-frenzy': fractionFrenzy,
  'hex-conquest': hexConquest,
  'home-row-hero': homeRowHero,
  'keyboard-sprint': keyboardSprint,
  memory,
  minesweeper,
  snake,
  sudoku,
  'tic-tac-toe': ticTacToe,
  'times-table-dash': timesTableDash,
};
