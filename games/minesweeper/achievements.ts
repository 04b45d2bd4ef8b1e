// The achievements of Minesweeper (issue 29). No board is cleared in under a second.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, dot, line, solid, CLOCK, TROPHY } from '../shared/achievementIcon.ts';

export const achievements = {
  stats: [{ name: 'wins', kind: 'total', maxPerSecond: 1 }],
  achievements: [
    { id: 'first-win', title: 'All Clear', description: 'Clear a board without touching a mine.', icon: badge('#566573', TROPHY),
      points: 10, hidden: false, stat: { name: 'wins', threshold: 1 }, reward: 25, how: 'Open every safe cell of any board.' },
    { id: 'flag-ten', title: 'Flag Bearer', description: 'Plant 10 correct flags in one game.', icon: badge('#c0392b', line('M8 20V4'), solid('M8 4l9 4-9 4z')),
      points: 10, hidden: false, reward: 20, how: 'Mark ten mines with flags before the board is cleared.' },
    { id: 'fast-clear', title: 'Quick Sweep', description: 'Clear a board in under 60 seconds.', icon: badge('#1f618d', CLOCK),
      points: 30, hidden: false, reward: 80, how: 'Win any board with the clock under one minute.' },
    { id: 'wins-25', title: 'Bomb Squad', description: 'Clear 25 boards.', icon: badge('#283747', dot(12, 13, 6), line('M12 7V4M15 5l2-2')),
      points: 30, hidden: false, stat: { name: 'wins', threshold: 25 }, reward: 100, how: 'Win 25 games over as many days as it takes.' },
    { id: 'first-click-boom', title: 'Kaboom', description: 'A secret: it happens to everyone once.', icon: badge('#e67e22', solid('M12 3l2 6 6-2-4 5 5 3-6 1 1 6-4-4-4 4 1-6-6-1 5-3-4-5 6 2z')),
      points: 5, hidden: true, reward: 10, how: 'Open a mine.' },
  ],
} satisfies GameAchievements;
