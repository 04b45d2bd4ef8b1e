// The achievements of Sudoku (issue 29). Nobody fills a grid in under 20 seconds: one solve per 20 s.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, STAR, TROPHY } from '../shared/achievementIcon.ts';

const GRID = line('M5 5h14v14H5zM9.7 5v14M14.3 5v14M5 9.7h14M5 14.3h14');

export const achievements = {
  stats: [{ name: 'solved', kind: 'total', maxPerSecond: 0.05 }],
  achievements: [
    { id: 'first-solve', title: 'Nine by Nine', description: 'Solve your first puzzle.', icon: badge('#2e86c1', GRID),
      points: 10, hidden: false, stat: { name: 'solved', threshold: 1 }, reward: 25, how: 'Solve an easy grid.' },
    { id: 'hard-solve', title: 'Hard Nut', description: 'Solve a hard puzzle.', icon: badge('#1b4f72', STAR),
      points: 25, hidden: false, reward: 60, how: 'Choose hard and fill the grid.' },
    { id: 'expert-solve', title: 'Grandmaster of Grids', description: 'Solve an expert puzzle.', icon: badge('#0b2e4a', TROPHY),
      points: 50, hidden: false, reward: 150, how: 'Choose expert and fill the grid.' },
    { id: 'solved-20', title: 'Puzzle Habit', description: 'Solve 20 puzzles.', icon: badge('#117864', GRID, line('M8 12l3 3 5-6')),
      points: 30, hidden: false, stat: { name: 'solved', threshold: 20 }, reward: 100, how: 'Twenty grids of any level.' },
    { id: 'no-marks', title: 'In My Head', description: 'A secret: solve a puzzle without a single pencil mark.', icon: badge('#6e2c00', line('M12 5a5 5 0 0 0-3 9v3h6v-3a5 5 0 0 0-3-9zM10 20h4')),
      points: 20, hidden: true, reward: 40, how: 'Solve any grid without using pencil marks.' },
  ],
} satisfies GameAchievements;
