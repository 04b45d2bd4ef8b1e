// The achievements of Memory (issue 29). Matching a pair takes two flips; two pairs a second is
// faster than any hand.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, solid, STAR, TROPHY } from '../shared/achievementIcon.ts';

export const achievements = {
  stats: [{ name: 'pairs', kind: 'total', maxPerSecond: 2 }],
  achievements: [
    { id: 'first-pair', title: 'Snap', description: 'Match your first pair.', icon: badge('#8e44ad', solid('M5 6h6v12H5zM13 6h6v12h-6z')),
      points: 5, hidden: false, stat: { name: 'pairs', threshold: 1 }, reward: 10, how: 'Flip two cards that show the same picture.' },
    { id: 'first-win', title: 'Total Recall', description: 'Match every pair on the board.', icon: badge('#6c3483', TROPHY),
      points: 15, hidden: false, reward: 40, how: 'Finish a whole board.' },
    { id: 'perfect', title: 'Photographic', description: 'Finish a board with no more than 4 misses.', icon: badge('#4a235a', STAR),
      points: 40, hidden: false, reward: 100, how: 'Remember every card you turn; finish with 4 wrong pairs or fewer.' },
    { id: 'pairs-300', title: 'Elephant', description: 'Match 300 pairs over all your games.', icon: badge('#5b2c6f', line('M6 16V10a6 6 0 0 1 12 0v6M6 16h3M15 16h3M18 12c2 0 2 4 0 5')),
      points: 30, hidden: false, stat: { name: 'pairs', threshold: 300 }, reward: 100, how: 'Keep playing: every pair counts.' },
    { id: 'lucky-start', title: 'Beginner\u2019s Luck', description: 'A secret: match a pair with your very first two flips.', icon: badge('#1abc9c', line('M12 4v16M4 12h16')),
      points: 10, hidden: true, reward: 20, how: 'Pure luck: the first two cards you turn in a game match.' },
  ],
} satisfies GameAchievements;
