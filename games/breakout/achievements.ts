// The achievements of Breakout (issue 29). The ball breaks at most a few bricks a second; 20 a second
// of play covers a lucky run along the top row.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, dot, line, solid, TROPHY } from '../shared/achievementIcon.ts';

export const achievements = {
  stats: [
    { name: 'bricks', kind: 'total', maxPerSecond: 20 },
    { name: 'level', kind: 'max', maxPerSecond: 1 },
  ],
  achievements: [
    { id: 'first-brick', title: 'Crack', description: 'Break your first brick.', icon: badge('#2874a6', solid('M5 7h6v4H5zM13 7h6v4h-6z'), dot(12, 16, 2)),
      points: 5, hidden: false, reward: 10, how: 'Bounce the ball into any brick.' },
    { id: 'clear-level', title: 'Clean Sweep', description: 'Clear every brick of a level.', icon: badge('#1f618d', TROPHY),
      points: 15, hidden: false, stat: { name: 'level', threshold: 2 }, reward: 40, how: 'Break all the bricks of the first level.' },
    { id: 'level-4', title: 'Wall Breaker', description: 'Reach level 4.', icon: badge('#154360', line('M4 18h16M6 14h12M8 10h8M10 6h4')),
      points: 30, hidden: false, stat: { name: 'level', threshold: 4 }, reward: 80, how: 'Clear three levels in one game.' },
    { id: 'bricks-1000', title: 'Demolition Crew', description: 'Break 1,000 bricks over all your games.', icon: badge('#922b21', solid('M4 7h7v4H4zM13 7h7v4h-7zM8 13h8v4H8z')),
      points: 30, hidden: false, stat: { name: 'bricks', threshold: 1000 }, reward: 100, how: 'Keep playing: every brick of every game counts.' },
    { id: 'last-life', title: 'By a Thread', description: 'A secret: clear a level on your last life.', icon: badge('#6c3483', line('M12 20s-7-4-7-9a4 4 0 0 1 7-2 4 4 0 0 1 7 2c0 5-7 9-7 9z')),
      points: 20, hidden: true, reward: 40, how: 'Lose all but one life, then break the level\u2019s last brick.' },
  ],
} satisfies GameAchievements;
